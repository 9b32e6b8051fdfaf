import type { RecordView } from "../model/view.js";
import { ggufUseOf } from "../model/formats.js";
import { llamaServerModeOf } from "../apps/llama-server-modes.js";
import { outputFileOf } from "../inference/body.js";
import { huggingfaceHubContext } from "../inference/python.js";
import { requestFor } from "../inference/request.js";
import { inferenceTasks, type InferenceKind } from "../catalogue/inference-kinds.js";
import { pythonCall, pythonString } from "../code/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import type { EngineKey } from "./schema.js";

/*
 * The call a deploy snippet makes once its endpoint runs: huggingface_hub's client of the endpoint
 * (`endpoint.client`, an InferenceClient on its URL) with the task's method, as the inference snippets write it for
 * an endpoint URL; and, where no method of that client speaks the engine's API (vLLM's and llama.cpp's completions
 * of a model without a chat template, TEI's reranking), one request with huggingface_hub's own HTTP session
 * (get_session(): no other package to install).
 */

export interface EndpointCall {
  /** The Python statements, after the endpoint is up. */
  code: string;
  /** The code posts with huggingface_hub's get_session() (and reads the token itself, with os). */
  session: boolean;
  /** What the method's answer needs installed besides huggingface_hub (an embedding's numpy, an image's Pillow). */
  needs?: "numpy" | "pillow";
}

/** The provider name the request is built for: none of a record's mapping, so that its task stays the record's. */
const dedicated = "dedicated-endpoint";
/** A stand-in URL: the method call names no URL (the client is the endpoint's). */
const placeholderUrl = "https://endpoint.invalid";

const bearer = code(`f"Bearer {os.environ['HF_TOKEN']}"`);

/** The task's method on `endpoint.client`, and what it does with the answer. */
function clientCall(view: RecordView, kind: InferenceKind): EndpointCall | undefined {
  const request = requestFor(view, kind, {
    provider: dedicated,
    direct: false,
    stream: false,
    billTo: undefined,
    endpointUrl: placeholderUrl,
    token: undefined,
    policy: undefined,
    responseFormat: undefined,
    tools: undefined,
    routeProvider: undefined,
  });
  if (request === undefined) return undefined;
  const context = huggingfaceHubContext(request);
  const call = context?.["call"];
  if (typeof call !== "string") return undefined;
  const output = outputFileOf(request);
  let result = "print(output)";
  if (request.spec.request === "chat") result = "print(completion.choices[0].message.content)";
  else if (request.spec.response === "image" && output !== undefined) result = `output.save(${pythonString(output)})`;
  else if (output !== undefined) result = `with open(${pythonString(output)}, "wb") as file:\n    file.write(output)`;
  const needs = inferenceTasks[kind].pythonMethodNeeds;
  return { code: `client = endpoint.client\n${call}\n${result}`, session: false, ...(needs === undefined ? {} : { needs }) };
}

/** One POST to a route of the endpoint with huggingface_hub's HTTP session, and the answer's field printed. */
function postTo(route: string, body: Record<string, DataValue>, printed: string): EndpointCall {
  const post = pythonCall("response = get_session().post(", [
    [undefined, code(`f"{endpoint.url}${route}"`)],
    ["headers", { Authorization: bearer }],
    ["json", body],
  ]);
  return { code: `${post}\nresponse.raise_for_status()\nprint(${printed})`, session: true };
}

/** A prompt completed by vLLM's or llama.cpp's OpenAI-compatible completions: a model without a chat template. */
function completion(view: RecordView): EndpointCall | undefined {
  const example = view.exampleFor("text-generation");
  const prompt = example?.shape === "text" ? example.text : "Once upon a time,";
  return postTo("/v1/completions", { model: view.id, prompt, max_tokens: 100 }, 'response.json()["choices"][0]["text"]');
}

/** TEI's reranking: a query and the texts to order by relevance to it (fixed example text, not the record's). */
function rerank(): EndpointCall {
  const texts = ["Deep Learning is a subset of machine learning based on neural networks.", "Cheese is made from milk."];
  return postTo("/rerank", { query: "What is Deep Learning?", texts }, "response.json()");
}

/** What a call prints of llama.cpp's answer in each server mode: the embedding's length, the ranked results. */
const modeAnswer = { embedding: 'len(response.json()["data"][0]["embedding"])', reranking: "response.json()" } as const;

/** An embedding or reranking GGUF's call, on the route of the llama.cpp server mode its use starts (llama-server-modes.ts). */
function llamaCppModeCall(view: RecordView): EndpointCall | undefined {
  const mode = llamaServerModeOf(ggufUseOf(view.record.pipeline_tag));
  return mode === undefined ? undefined : postTo(mode.route, mode.body(view.id), modeAnswer[mode.use]);
}

const chatKinds: ReadonlySet<string> = new Set(["conversational", "conversational-vision"]);

/** The call that fits the engine and the model's task; undefined when none is written. */
export function endpointCallOf(view: RecordView, engine: EngineKey): EndpointCall | undefined {
  const kind = view.kind;
  switch (engine) {
    case "llama.cpp":
      return llamaCppModeCall(view) ?? (kind !== undefined && chatKinds.has(kind) ? clientCall(view, kind) : completion(view));
    case "vllm":
      return kind !== undefined && chatKinds.has(kind) ? clientCall(view, kind) : completion(view);
    case "tei":
      return view.task === "text-ranking" ? rerank() : clientCall(view, "feature-extraction");
    case "toolkit":
      return kind === undefined ? undefined : clientCall(view, kind);
  }
}
