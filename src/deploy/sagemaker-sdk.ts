import type { RecordView } from "../model/view.js";
import { pythonAssignment, pythonCall, pythonString, type PythonArgument } from "../code/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import { contextEnvironment, type SagemakerDecision } from "./sagemaker.js";

/*
 * Amazon SageMaker in the SageMaker Python SDK v3's form (sagemaker.serve.ModelBuilder, not v2's HuggingFaceModel):
 * a ModelBuilder for the Hub id with the model server the decision chose (TGI for text generation, TEI for
 * embeddings), a SchemaBuilder from a sample request and answer (TGI's build requires `inputs`, `parameters` and
 * a `generated_text` answer), build() in the region, deploy() on the chosen instance, one endpoint.invoke, then the
 * endpoint's deletion. The SDK picks the container image itself. Every name the code uses is held to the SDK's
 * source in data/deploy/sagemaker-sdk-signatures.json (test/deploy/sagemaker-sdk.test.ts).
 */

type Served = Extract<SagemakerDecision, { served: true }>;

const defaultText = "Today is a sunny day and I will get some ice cream.";

/** The sample request: TGI's text-generation form, or TEI's inputs. */
function sampleInput(view: RecordView, tgi: boolean): Record<string, DataValue> {
  const example = view.exampleFor(tgi ? "text-generation" : "feature-extraction");
  const text = example?.shape === "text" ? example.text : tgi ? "Hi, what can you help me with?" : defaultText;
  return tgi ? { inputs: text, parameters: { max_new_tokens: 100 } } : { inputs: text };
}

/** A sample answer of the shape the server returns: generated text for TGI, one embedding for TEI. */
const sampleOutput = (tgi: boolean): DataValue => (tgi ? [{ generated_text: "I can answer questions and write text." }] : [[0.1, -0.2, 0.3]]);

export function sagemakerSdkPython(view: RecordView, decision: Served, name: string): string {
  const { image, instance, region } = decision;
  const tgi = image.engine === "tgi";
  const token = view.gated || view.private;
  const builder: PythonArgument[] = [
    ["model", view.id],
    ["model_server", code(tgi ? "ModelServer.TGI" : "ModelServer.TEI")],
    ["schema_builder", code("schema")],
    ["role_arn", code("role")],
    ["instance_type", instance.instanceType],
  ];
  // The SDK reads the token for the Hub from HUGGING_FACE_HUB_TOKEN and passes it to the container as HF_TOKEN.
  const environment: Record<string, DataValue> = {
    ...contextEnvironment(decision),
    ...(token ? { HUGGING_FACE_HUB_TOKEN: code('os.environ["HF_TOKEN"]') } : {}),
  };
  if (Object.keys(environment).length > 0) builder.push(["env_vars", environment]);
  const input = sampleInput(view, tgi);
  const lines = [
    "import json",
    "import os",
    "",
    "from sagemaker.serve import ModelBuilder, ModelServer",
    "from sagemaker.serve.builder.schema_builder import SchemaBuilder",
    "",
    `region = ${pythonString(region)}`,
    `name = ${pythonString(name)}`,
    "# The IAM role SageMaker assumes to pull the image and write the logs",
    "# (AmazonSageMakerFullAccess, or narrower).",
    'role = os.environ["SAGEMAKER_ROLE_ARN"]',
    "",
    "# A sample request and answer: ModelBuilder reads how to serialize them.",
    pythonCall("schema = SchemaBuilder(", [
      ["sample_input", input],
      ["sample_output", sampleOutput(tgi)],
    ]),
    ...(token ? ["# The model is gated or private: the endpoint downloads it with your HF_TOKEN."] : []),
    pythonCall("builder = ModelBuilder(", builder),
    "builder.build(model_name=name, region=region)",
    "# The first start pulls the image and downloads the weights: it takes several minutes.",
    "endpoint = builder.deploy(endpoint_name=name, initial_instance_count=1)",
    "",
    pythonAssignment("body =", input),
    'response = endpoint.invoke(body=json.dumps(body), content_type="application/json")',
    "print(json.loads(response.body.read()))",
    "",
    "# An endpoint is billed while it exists: delete it when you are done.",
    "endpoint.delete()",
  ];
  return `${lines.join("\n")}\n`;
}
