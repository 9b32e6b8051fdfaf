import type { RecordView } from "../model/view.js";
import { repoName } from "./record-fields.js";
import { installCommand } from "../code/install.js";
import { code, shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * Sample Factory agents are experiment folders: its load_from_hub script downloads one into
 * train_dir/<repository name>, and the enjoy script of the agent's environment family runs it. The environment
 * is named by a tag or by the dataset of the model card's results (model-index).
 */

/**
 * The enjoy scripts of Sample Factory's example environment families, by the prefix of their environment names,
 * with the setup.py extra that installs the family's environment (vizdoom, gymnasium[atari], gymnasium[mujoco]):
 * the enjoy scripts import it, and plain `sample-factory` does not install it.
 */
const enjoyModules: readonly (readonly [prefix: string, module: string, extra: string])[] = [
  ["doom_", "sf_examples.vizdoom.enjoy_vizdoom", "vizdoom"],
  ["atari_", "sf_examples.atari.enjoy_atari", "atari"],
  ["mujoco_", "sf_examples.mujoco.enjoy_mujoco", "mujoco"],
];

/** The names the record gives the agent's environment: its tags and the datasets of its model-index results. */
function environmentNames(view: RecordView): string[] {
  const index: unknown = view.record["model-index"] ?? (view.record.cardData as Record<string, unknown> | undefined)?.["model-index"];
  const datasets = (Array.isArray(index) ? index : []).flatMap((entry: unknown) => {
    const results: unknown = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>)["results"] : undefined;
    return (Array.isArray(results) ? results : []).map((result: unknown) => {
      const dataset: unknown = typeof result === "object" && result !== null ? (result as Record<string, unknown>)["dataset"] : undefined;
      return typeof dataset === "object" && dataset !== null ? (dataset as Record<string, unknown>)["name"] : undefined;
    });
  });
  return [...view.record.tags, ...datasets.filter((name): name is string => typeof name === "string")];
}

/** Sample Factory downloads an experiment into train_dir/<repository name>; its env's enjoy script runs it. */
export const sampleFactory: LibraryGenerator = (view) => {
  const name = repoName(view);
  const download = shell`python -m sample_factory.huggingface.load_from_hub -r ${view.id} -d ./train_dir`;
  const names = environmentNames(view);
  for (const [prefix, module, extra] of enjoyModules) {
    const env = names.find((candidate) => candidate.startsWith(prefix) && /^[a-z0-9_]+$/i.test(candidate.slice(prefix.length)));
    if (env === undefined) continue;
    return [
      {
        ...shellSnippet(shell`${code(download)}
python -m ${code(module)} --algo=APPO --env=${env} \\
  --train_dir=./train_dir --experiment=${name}`),
        install: installCommand("pip", [`sample-factory[${extra}]`]),
      },
    ];
  }
  return [
    shellSnippet(shell`${code(download)}
# then run the enjoy script of the agent's environment on it:
# python -m <enjoy module> --algo=APPO --env=<env> --train_dir=./train_dir --experiment=${name}`),
  ];
};
