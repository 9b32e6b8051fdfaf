import type { RecordView } from "../model/view.js";
import { call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Stable-Baselines3 agents are one .zip per repository, loaded by the class of the algorithm that trained them.
 * The RL Zoo names repositories and files "<algo>-<env>", e.g. sb3/ppo-LunarLander-v2 and ppo-LunarLander-v2.zip.
 */

/** Algorithm names as they appear in ids and tags, with the module and class that load them. */
const algorithms: Readonly<Record<string, readonly [module: string, name: string]>> = {
  a2c: ["stable_baselines3", "A2C"],
  ddpg: ["stable_baselines3", "DDPG"],
  dqn: ["stable_baselines3", "DQN"],
  ppo: ["stable_baselines3", "PPO"],
  sac: ["stable_baselines3", "SAC"],
  td3: ["stable_baselines3", "TD3"],
  ars: ["sb3_contrib", "ARS"],
  crossq: ["sb3_contrib", "CrossQ"],
  ppo_lstm: ["sb3_contrib", "RecurrentPPO"],
  qrdqn: ["sb3_contrib", "QRDQN"],
  tqc: ["sb3_contrib", "TQC"],
  trpo: ["sb3_contrib", "TRPO"],
};

/** The algorithm named by a part of the repository name ("ppo" in "ppo-LunarLander-v2") or by a tag. */
function algorithmOf(view: RecordView): readonly [string, string] | undefined {
  const words = [...repoName(view).split("-"), ...view.record.tags].map((word) => word.toLowerCase());
  const key = words.find((word) => Object.hasOwn(algorithms, word));
  return key === undefined ? undefined : algorithms[key];
}

/** The agent's .zip: the listed one named after the repository, else the first listed, else "<name>.zip". */
function agentFile(view: RecordView): string {
  const expected = `${repoName(view)}.zip`;
  const zips = view.fileNames.filter((name) => name.endsWith(".zip"));
  return zips.find((name) => name === expected) ?? zips[0] ?? expected;
}

export const stableBaselines3: LibraryGenerator = (view) => {
  const algorithm = algorithmOf(view);
  const [module, name] = algorithm ?? ["stable_baselines3", "PPO"];
  const note = algorithm ? "" : `${comment("use the algorithm class the model was trained with (PPO, DQN, A2C, SAC, TD3, ...)").text}\n`;
  return [
    pythonSnippet(python`from huggingface_sb3 import load_from_hub
from ${ref(module)} import ${ref(name)}

${call("checkpoint = load_from_hub(", [kwarg("repo_id", view.id), kwarg("filename", agentFile(view))])}
${ref(note)}model = ${ref(name)}.load(checkpoint)
print(model.policy)`),
  ];
};
