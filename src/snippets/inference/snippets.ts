import type { ModelRecord } from "../../model/record.js";
import type { Client, Language, Snippet } from "../clients.js";
import { renderTemplate, type TemplateContext } from "../templates.js";
import { fetchContext, huggingfaceJsContext, openaiJsContext } from "./javascript.js";
import { huggingfaceHubContext, openaiContext, requestsContext } from "./python.js";
import { buildInferenceRequest, type InferenceRequest, type InferenceSnippetOptions } from "./request.js";
import { curlContext } from "./shell.js";

interface ClientWriter<L extends Language> {
  language: L;
  client: Client<L>;
  /** The template context, or undefined when this client has no sensible snippet for the request. */
  context(request: InferenceRequest): TemplateContext | undefined;
  /** Which template of the client's folder writes this request. */
  family(request: InferenceRequest): string;
}

const byRequestShape = (request: InferenceRequest) => request.spec.request;
const sdkFamily = (request: InferenceRequest) => (request.spec.request === "chat" ? "chat" : "task");

/** Every client, in the order snippets are listed: the registry a new client joins. */
const writers: ClientWriter<Language>[] = [
  { language: "js", client: "fetch", context: fetchContext, family: byRequestShape },
  { language: "js", client: "huggingface.js", context: huggingfaceJsContext, family: sdkFamily },
  { language: "js", client: "openai", context: openaiJsContext, family: () => "chat" },
  { language: "python", client: "requests", context: requestsContext, family: byRequestShape },
  { language: "python", client: "huggingface_hub", context: huggingfaceHubContext, family: sdkFamily },
  { language: "python", client: "openai", context: openaiContext, family: () => "chat" },
  { language: "sh", client: "curl", context: curlContext, family: byRequestShape },
];

/** Keeps only the snippets of one language and/or client. */
export interface SnippetFilter {
  language?: Language;
  client?: string;
}

/**
 * Ready-to-run inference code for a model, one snippet per client that can make the call.
 * Empty when the model's task has no input example (see `noExampleMessage`).
 */
export function getInferenceSnippets(model: ModelRecord, options: InferenceSnippetOptions & SnippetFilter = {}): Snippet[] {
  const request = buildInferenceRequest(model, options);
  if (!request) return [];
  const snippets: Snippet[] = [];
  for (const writer of writers) {
    // Filtering before rendering: a template never chosen is never compiled.
    if (options.language !== undefined && writer.language !== options.language) continue;
    if (options.client !== undefined && writer.client !== options.client) continue;
    const context = writer.context(request);
    if (!context) continue;
    const content = renderTemplate(writer.language, writer.client, writer.family(request), context);
    snippets.push({ language: writer.language, client: writer.client, content });
  }
  return snippets;
}
