import type { RecordView } from "../model/view.js";
import { formatBytes } from "../weights/memory-fit.js";
import { pythonCall, type PythonArgument } from "../code/literals/python.js";
import { code } from "../values/data-value.js";
import { cloudParameters, cloudServing, cloudText, rerankRequest } from "./cloud-tasks.js";
import { chooseCloudMachine, gpuCandidate } from "./cloud-machine.js";
import type { CloudCall, VertexMachine } from "./schema.js";
import { gpuNamed, vertexTable } from "./tables.js";

/*
 * Google Cloud Vertex AI, through Model Garden: vertexai.init, model_garden.OpenModel("<org>/<name>").deploy(...) on
 * the smallest GPU machine of data/deploy/vertex.json that holds the weights (with accept_eula and the token read
 * from HF_TOKEN for a gated or private model), one endpoint.predict, then undeploy_all and delete. Every name the
 * code uses is held to the SDK's source in data/deploy/vertex-signatures.json (test/deploy/vertex.test.ts).
 */

export type VertexDecision =
  { served: true; machine: VertexMachine; region: string; call: CloudCall; why: string; notes: string[] } | { served: false; why: string };

const bytesOf = (machine: VertexMachine) => machine.acceleratorMemoryGb * 1e9 * machine.acceleratorCount;
const describe = (machine: VertexMachine) =>
  `${machine.machineType} (${machine.acceleratorCount} × ${machine.acceleratorType}, ${formatBytes(bytesOf(machine))})`;

export function vertexDecision(view: RecordView, options: { instance?: string; region?: string }): VertexDecision {
  // The engines and tasks Model Garden's code is written for: data/deploy/cloud-tasks.json.
  const serving = cloudServing("vertex", view);
  if (!serving.served) return serving;
  const table = vertexTable();
  const all = table.machines.map((machine) =>
    gpuCandidate({
      row: machine,
      name: machine.machineType,
      gpus: machine.acceleratorCount,
      memoryBytes: bytesOf(machine),
      capability: gpuNamed("vertex", machine.acceleratorType)?.computeCapability,
      describe: describe(machine),
    }),
  );
  const choice = chooseCloudMachine("Vertex AI", view, serving.engine, all, options.instance);
  if (!choice.fits) return { served: false, why: choice.why };
  const machine = choice.candidate.row;
  const notes = choice.notes.map((note) => `Vertex AI: ${note}`);
  // The region is checked against the table's beforehand (src/deploy/regions.ts); the first is the default.
  const region = options.region ?? table.regions[0] ?? "us-central1";
  const why = `Model Garden's ${serving.label} on ${describe(machine)} in ${region}`;
  return { served: true, machine, region, call: serving.call, why, notes: [...notes, ...serving.notes.map((note) => `Vertex AI: ${note}`)] };
}

/**
 * What endpoint.predict sends: a prompt for vLLM, the text for TEI's embeddings, a query and texts for its reranking,
 * the text (and a zero-shot classifier's labels as parameters) for the inference toolkit (read, not run).
 */
function predictArguments(view: RecordView, call: CloudCall): PythonArgument[] {
  const text = cloudText(view, call);
  if (call === "generation") return [["instances", [{ prompt: text, max_tokens: 256 }]]];
  if (call === "embeddings") return [["instances", [{ inputs: text }]]];
  if (call === "rerank") return [["instances", [rerankRequest()]]];
  const parameters = cloudParameters(view, call);
  return [["instances", [text]], ...(parameters === undefined ? [] : ([["parameters", parameters]] as PythonArgument[]))];
}

export function vertexPython(view: RecordView, decision: Extract<VertexDecision, { served: true }>, name: string): string {
  const { machine, region } = decision;
  const token = view.gated || view.private;
  const deploy: PythonArgument[] = [
    ...(view.gated ? ([["accept_eula", true]] as PythonArgument[]) : []),
    ...(token ? ([["hugging_face_access_token", code('os.environ["HF_TOKEN"]')]] as PythonArgument[]) : []),
    ["machine_type", machine.machineType],
    ["accelerator_type", machine.acceleratorType],
    ["accelerator_count", machine.acceleratorCount],
    ["endpoint_display_name", name],
  ];
  const lines = [
    "import os",
    "",
    "import vertexai",
    "from vertexai import model_garden",
    "",
    "# Your Google Cloud project, and a region that has the machine's GPUs.",
    pythonCall("vertexai.init(", [
      ["project", code('os.environ["GOOGLE_CLOUD_PROJECT"]')],
      ["location", region],
    ]),
    "",
    pythonCall("model = model_garden.OpenModel(", [[undefined, view.id]]),
    ...(view.gated ? ["# accept_eula=True accepts the model's license, as its page on the Hub asks."] : []),
    "# Deploying pulls the image and downloads the weights: it takes a while.",
    pythonCall("endpoint = model.deploy(", deploy),
    "",
    pythonCall("response = endpoint.predict(", predictArguments(view, decision.call)),
    "print(response.predictions)",
    "",
    "# An endpoint is billed while a model is deployed on it: undeploy and delete it when done.",
    "# (The model Model Garden uploaded stays in the Model Registry.)",
    "endpoint.undeploy_all()",
    "endpoint.delete()",
  ];
  return `${lines.join("\n")}\n`;
}
