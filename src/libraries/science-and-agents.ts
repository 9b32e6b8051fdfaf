// Science and agents: forecasting, weather, energy, proteins, Earth observation, tabular, robotics, RL and GPU kernels.
import { readPackagedJson } from "../catalogue/read-json.js";
import type { RecordView } from "../model/view.js";
import { dataDir } from "../paths.js";
import { installCommand } from "../code/install.js";
import { downloadOnly } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pickFile } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";

/** AnemoI runners take the checkpoint as a Hugging Face reference; a forecast starts from a state of these fields. */
export const anemoi: LibraryGenerator = (view) => [
  pythonSnippet(python`from anemoi.inference.runners.simple import SimpleRunner

${call("runner = SimpleRunner(", [arg({ huggingface: view.id }), kwarg("device", "cuda")])}
checkpoint = runner.checkpoint

${comment("an initial state holds these fields, each shaped (dates, grid points), for")}
${comment("runner.run(input_state=state, lead_time=12) to step the forecast from")}
print(checkpoint.variables_from_input(include_forcings=False))
print(checkpoint.multi_step_input, checkpoint.number_of_grid_points)`),
];

/** BaseChronosPipeline picks Chronos, Chronos-Bolt or Chronos-2 from the repository's config. */
export const chronosForecasting: LibraryGenerator = (view) => [
  pythonSnippet(python`import torch
from chronos import BaseChronosPipeline

${call("pipeline = BaseChronosPipeline.from_pretrained(", [arg(view.id)])}

${comment("four years of a monthly series with a yearly season")}
context = 100 + 20 * torch.sin(torch.arange(${48}) * torch.pi / ${6})
${call("quantiles, mean = pipeline.predict_quantiles(", [arg([ref("context")]), kwarg("prediction_length", 12)])}
print(mean)`),
];

export const flextab: LibraryGenerator = downloadOnly("https://github.com/SAP-samples/flextab");

/** Kernels load by repository and major version; the activation kernel's functions are known, others are listed. */
export const kernels: LibraryGenerator = (view) => {
  const owner = view.id.split("/")[0]?.toLowerCase();
  const trust = owner === "kernels-community" ? "" : `${comment("kernels outside trusted organisations also need trust_remote_code=True").text}\n`;
  const load = call(`${view.id === "kernels-community/activation" ? "activation" : "kernel"} = get_kernel(`, [arg(view.id), kwarg("version", 1)]);
  if (view.id === "kernels-community/activation") {
    return [
      pythonSnippet(python`import torch
from kernels import get_kernel

${load}

x = torch.randn((${10}, ${10}), dtype=torch.float16, device=${"cuda"})
y = torch.empty_like(x)
activation.gelu_fast(y, x)
print(y)`),
    ];
  }
  return [
    pythonSnippet(python`from kernels import get_kernel

${ref(trust)}${load}
${comment("the functions the kernel provides; its model card shows how to call them")}
print([name for name in dir(kernel) if not name.startswith(${"_"})])`),
  ];
};

/** What data/lerobot-extras.json holds: the extra each policy type needs, as LeRobot's pyproject.toml names it at a commit. */
interface LerobotExtras {
  commit: string;
  version: string;
  extras: Record<string, string>;
}

let lerobotExtras: LerobotExtras | undefined;
const readLerobotExtras = (): LerobotExtras => (lerobotExtras ??= readPackagedJson<LerobotExtras>(`${dataDir}lerobot-extras.json`));

/** The extra the record's policy needs: its type is one of its tags, as LeRobot's model card writes them. */
function lerobotExtraOf(view: RecordView): string | undefined {
  const { extras } = readLerobotExtras();
  const type = view.record.tags.find((tag) => Object.hasOwn(extras, tag));
  return type === undefined ? undefined : extras[type];
}

/** LeRobot policies: the config names the policy type, whose class LeRobot's factory returns (with its extra installed). */
export const lerobot: LibraryGenerator = (view) => {
  const extra = lerobotExtraOf(view);
  const snippet = pythonSnippet(python`from lerobot.configs.policies import PreTrainedConfig
from lerobot.policies.factory import get_policy_class

${assign("repo_id =", view.id)}
config = PreTrainedConfig.from_pretrained(repo_id)
policy = get_policy_class(config.type).from_pretrained(repo_id)
policy.eval()
print(config.type, config.input_features, config.output_features)`);
  return [extra === undefined ? snippet : { ...snippet, install: installCommand("pip", [`lerobot[${extra}]`]) }];
};

/** mlagents-load-from-hf saves the repository under --local-dir in a folder of the repository's name. */
export const mlAgents: LibraryGenerator = (view) => [
  shellSnippet(shell`mlagents-load-from-hf --repo-id=${view.id} --local-dir=./downloads
# the files land in ./downloads/${view.id.split("/").pop() ?? view.id} (the repository's name under --local-dir);
# its .onnx policy runs as the Model of the agent's Behavior Parameters in Unity`),
];

/** OpenDDE predicts structures from a JSON list of jobs; the repository's .pt file is its checkpoint. */
export const opendde: LibraryGenerator = (view) => {
  const checkpoint = pickFile(view, ".pt", ["opendde.pt"]) ?? "opendde.pt";
  const job = JSON.stringify([
    { name: "example", modelSeeds: [101], sequences: [{ proteinChain: { sequence: "MVLSPADKTNVKAAWGKVGAHAGEYGAEALER", count: 1 } }] },
  ]);
  return [
    shellSnippet(shell`hf download ${view.id} ${checkpoint} --local-dir checkpoints
cat > input.json <<'EOF'
${ref(job)}
EOF
opendde pred -i input.json -o output -n opendde_v1 \\
  --load_checkpoint_path checkpoints/${checkpoint} \\
  --use_msa false --use_template false --use_rna_msa false`),
  ];
};

/**
 * RouteE-Powertrain reads a model library from a Hub repository: its index lists the vehicle models. Each model
 * names its own feature and distance columns (speed_mph, grade_percent or grade_pct, distance or distance_mi...)
 * in its metadata, and predict() requires exactly those, so the links are built from them.
 */
export const routeePowertrain: LibraryGenerator = (view) => [
  pythonSnippet(python`import pandas as pd
from routee.powertrain.registry.hf import HFRegistry

${call("registry = HFRegistry(", [kwarg("repo_id", view.id)])}
vehicle = registry.list_models()[0]
model = registry.load(vehicle)
print(model)  # the vehicle, the features and distance it reads, with their units

${comment("three road links, under the column names this model was trained with: a value per feature")}
${comment("(speeds in mph, grades in percent or as a decimal, 0 for any other) and the link's distance")}
config = model.metadata.config
${assign("examples =", { mph: [30, 40, 50], percent: [ref("-5.0"), ref("0.0"), ref("5.0")], decimal: [ref("-0.05"), ref("0.0"), ref("0.05")] })}
links = pd.DataFrame(
    {
        feature.name: examples.get(feature.units, [0.0, 0.0, 0.0])
        for feature in config.feature_set.features
    }
)
links[config.distance.name] = [0.1, 0.2, 0.3]
print(model.predict(links))`),
];

/** TerraTorch builds models from its own registry names and YAML configs, not from Hub ids. */
export const terratorch: LibraryGenerator = downloadOnly("https://github.com/IBM/terratorch");

export const zeromodels: LibraryGenerator = loadWith({
  module: "zeromodels",
  name: "AutoZModel",
  method: "from_weights",
  usage: () => "model.summary()",
});
