import type { RecordedRequest, RecorderResponse, Responder } from "./recorder.js";

/*
 * The Hub's model API for one record, as the SDKs ask it to resolve provider "auto" for a task other than chat:
 *   @huggingface/inference  GET https://huggingface.co/api/models/<id>?expand[]=inferenceProviderMapping (no token)
 *   huggingface_hub         GET https://huggingface.co/api/models/<id>?expand=inferenceProviderMapping (HfApi.model_info)
 * Both read `inferenceProviderMapping` (an object keyed by provider, or an array naming it) and take its FIRST entry's
 * provider, whatever its status; then that entry's providerId and task. huggingface_hub's hf-inference helper also
 * asks for the whole record (no expand) to check the model's pipeline_tag. Chat with "auto" asks nothing: the SDKs
 * post to the router's /v1/chat/completions and the router chooses.
 */

type Json = Record<string, unknown>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): RecorderResponse => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(body),
});

// The error code the Hub gives a repository that is missing or hidden from the caller.
const notFound = { "x-error-code": "RepoNotFound" };

const modelApiPath = /^\/__host\/huggingface\.co\/api\/models\/(.+?)(?:\/revision\/[^/]+)?$/;

/**
 * The mapping as the model API writes it: an object keyed by provider, in the record's order. A record taken from
 * the model list holds the array shape, whose entries name their provider; the model API answers the object.
 */
export function modelApiMapping(mapping: unknown): Json {
  if (!Array.isArray(mapping)) return typeof mapping === "object" && mapping !== null ? (mapping as Json) : {};
  const byProvider: Json = {};
  for (const entry of mapping as Json[]) {
    const { provider, ...rest } = entry;
    byProvider[String(provider)] = rest;
  }
  return byProvider;
}

/** The fields an expand[] query asks for (`expand[]=a&expand[]=b`, or `expand=a` as huggingface_hub writes it). */
function expandedFields(search: URLSearchParams): string[] {
  return [...search.getAll("expand[]"), ...search.getAll("expand")];
}

/**
 * What the model API answers for this record: with expand[], only `_id`, `id` and the fields asked for (the
 * mapping is `{}` when the record lists none); without it, the whole record. Both with the model API's mapping shape.
 */
export function modelApiAnswer(record: Json, search: URLSearchParams): Json {
  const fields = expandedFields(search);
  if (fields.length === 0) {
    return record["inferenceProviderMapping"] === undefined
      ? record
      : { ...record, inferenceProviderMapping: modelApiMapping(record["inferenceProviderMapping"]) };
  }
  const answer: Json = { _id: record["_id"], id: record["id"] };
  for (const field of fields) {
    if (field === "inferenceProviderMapping") answer[field] = modelApiMapping(record[field]);
    else if (record[field] !== undefined) answer[field] = record[field];
  }
  return answer;
}

/**
 * A responder that answers the Hub's model API for `record` as the Hub would and hands every other request to
 * `next` (an SDK or provider responder). Another model id is not found; a private record needs a token, which
 * @huggingface/inference does not send when it resolves "auto".
 */
export function withHubModelApi(record: Json, next: Responder): Responder {
  return (request: RecordedRequest) => {
    const url = new URL(request.path, "http://recorder.invalid");
    const match = request.method === "GET" ? modelApiPath.exec(url.pathname) : null;
    if (!match) return next(request);
    const id = decodeURIComponent(match[1] ?? "");
    if (id !== record["id"]) return json(404, { error: "Repository not found" }, notFound);
    if (record["private"] === true && request.headers.authorization === undefined) return json(401, { error: "Invalid username or password." }, notFound);
    return json(200, modelApiAnswer(record, url.searchParams));
  };
}

/** The Hub model API requests among those recorded: the look-ups an SDK made before its call. */
export function modelApiRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((request) => request.method === "GET" && modelApiPath.test(new URL(request.path, "http://recorder.invalid").pathname));
}
