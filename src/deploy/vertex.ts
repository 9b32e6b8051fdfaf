import type { RecordView } from "../model/view.js";
import { formatBytes } from "../snippets/memory-fit.js";
import { pythonCall, type PythonArgument } from "../snippets/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import { endpointName } from "./endpoints-snippet.js";
import { endpointEngineFor } from "./engine.js";
import { chooseMachine } from "./machines.js";
import type { VertexMachine } from "./schema.js";
import { vertexTable } from "./tables.js";
import { servedWeights } from "./weights.js";

/*
 * Google Cloud Vertex AI, through Model Garden: vertexai.init, model_garden.OpenModel("<org>/<name>").deploy(...) on
 * the smallest GPU machine of data/deploy/vertex.json that holds the weights (with accept_eula and the token read
 * from HF_TOKEN for a gated or private model), one endpoint.predict, then undeploy_all and delete. Every name the
 * code uses is held to the SDK's source in data/deploy/vertex-signatures.json (test/deploy/vertex.test.ts).
 */

export type VertexDecision = { served: true; machine: VertexMachine; region: string; why: string; notes: string[] } | { served: false; why: string };

const bytesOf = (machine: VertexMachine) => machine.acceleratorMemoryGb * 1e9 * machine.acceleratorCount;
const describe = (machine: VertexMachine) =>
  `${machine.machineType} (${machine.acceleratorCount} × ${machine.acceleratorType}, ${formatBytes(bytesOf(machine))})`;

export function vertexDecision(view: RecordView, options: { instance?: string; region?: string }): VertexDecision {
  const engine = endpointEngineFor(view);
  if (!engine.served) return { served: false, why: engine.why };
  if (engine.engine === "llama.cpp") return { served: false, why: "hub-snippets does not write Model Garden code for GGUF files" };
  if (engine.engine === "toolkit" || view.task === "text-ranking")
    return { served: false, why: "hub-snippets writes Model Garden code for text generation (vLLM) and embeddings (TEI) only, so far" };
  const table = vertexTable();
  // Embeddings run on one GPU; vLLM spreads a model over several.
  const candidates = table.machines
    .filter((machine) => engine.engine === "vllm" || machine.acceleratorCount === 1)
    .sort((a, b) => bytesOf(a) - bytesOf(b) || a.acceleratorCount - b.acceleratorCount);
  const rows = { label: "Vertex AI", candidates, all: table.machines, name: (machine: VertexMachine) => machine.machineType, bytes: bytesOf, describe };
  const choice = chooseMachine(rows, servedWeights(view, engine.engine, undefined), options.instance);
  if (!choice.fits) return { served: false, why: choice.why };
  const { machine, notes } = choice;
  const server = engine.engine === "vllm" ? "vLLM" : "Text Embeddings Inference";
  // The region is checked against the table's beforehand (src/deploy/regions.ts); the first is the default.
  const region = options.region ?? table.regions[0] ?? "us-central1";
  return { served: true, machine, region, why: `Model Garden's ${server} on ${describe(machine)} in ${region}`, notes };
}

/** The instances endpoint.predict sends: a prompt for vLLM, the text for TEI (read from Model Garden's examples, not run). */
function instances(view: RecordView): DataValue {
  const generation = endpointEngineFor(view);
  if (generation.served && generation.engine === "vllm") {
    const example = view.exampleFor("text-generation");
    const prompt = example?.shape === "text" ? example.text : "Hi, what can you help me with?";
    return [{ prompt, max_tokens: 256 }];
  }
  const example = view.exampleFor("feature-extraction");
  return [{ inputs: example?.shape === "text" ? example.text : "Today is a sunny day and I will get some ice cream." }];
}

export function vertexPython(view: RecordView, decision: Extract<VertexDecision, { served: true }>): string {
  const { machine, region } = decision;
  const token = view.gated || view.private;
  const deploy: PythonArgument[] = [
    ...(view.gated ? ([["accept_eula", true]] as PythonArgument[]) : []),
    ...(token ? ([["hugging_face_access_token", code('os.environ["HF_TOKEN"]')]] as PythonArgument[]) : []),
    ["machine_type", machine.machineType],
    ["accelerator_type", machine.acceleratorType],
    ["accelerator_count", machine.acceleratorCount],
    ["endpoint_display_name", endpointName(view.id)],
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
    pythonCall("response = endpoint.predict(", [["instances", instances(view)]]),
    "print(response.predictions)",
    "",
    "# An endpoint is billed while a model is deployed on it: undeploy and delete it when done.",
    "# (The model Model Garden uploaded stays in the Model Registry.)",
    "endpoint.undeploy_all()",
    "endpoint.delete()",
  ];
  return `${lines.join("\n")}\n`;
}
