import type { InferenceRequest } from "./request.js";

export interface RawHeaders {
  /** The authorization scheme: Bearer, or the provider's own for direct calls (fal: Key). */
  scheme: string;
  /** Headers besides authorization and content type: the provider's own, then bill-to. */
  headers: Record<string, string>;
  /** A comment for the snippet when the Hub id stands in for the provider's own model id. */
  modelNote: string | undefined;
}

const unmappedModelNote = "The model's id on the Hub: the provider may name it differently (see its model list).";

/** What the raw HTTP clients add around the body: authorization scheme, extra headers, the model-id note. */
export function rawHeaders(request: InferenceRequest): RawHeaders {
  const call = request.call;
  const headers: Record<string, string> = { ...call?.headers };
  if (request.billTo !== undefined) headers["X-HF-Bill-To"] = request.billTo;
  // Through the router a chat names the Hub model (`id:provider`), which the router maps; elsewhere the provider's id is sent.
  const namesProviderModel = call !== undefined && (call.direct || request.example.shape !== "chat");
  return {
    scheme: call?.authScheme ?? "Bearer",
    headers,
    modelNote: namesProviderModel && !call.modelIdMapped ? unmappedModelNote : undefined,
  };
}

/** The base URL an OpenAI client is given: an endpoint's /v1, the provider's own API for direct calls, or the router's. */
export function openaiBaseUrl(request: InferenceRequest, router: string): string | undefined {
  if (request.endpointUrl) return `${request.endpointUrl}/v1`;
  const call = request.call;
  if (call?.direct) {
    if (!call.provider.openaiCompatibleChat || !call.url) return undefined;
    return call.url.replace(/\/chat\/completions$/, "");
  }
  return `${router}/v1`;
}
