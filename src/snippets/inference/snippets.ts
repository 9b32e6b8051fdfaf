import type { ModelRecord } from "../../model/record.js";
import type { Client, Language, Snippet } from "../clients.js";
import { TemplateFolder, type TemplateContext } from "../templates.js";
import { fetchContext, huggingfaceJsContext, openaiJsContext } from "./javascript.js";
import { falClientContext, huggingfaceHubContext, openaiContext, requestsContext } from "./python.js";
import { buildInferenceRequest, type InferenceRequest, type InferenceSnippetOptions } from "./request.js";
import { curlContext } from "./shell.js";

interface ClientWriter<L extends Language> {
  language: L;
  client: Client<L>;
  /** The template context, or undefined when this client has no sensible snippet for the request. */
  context(request: InferenceRequest): TemplateContext | undefined;
  /** Which template of the client's folder writes this request. */
  family(request: InferenceRequest): string;
  /** The client's templates, `templates/<language>/<client>/`. */
  templates: TemplateFolder;
}

// Raw clients write what goes on the wire, which a provider's own API may shape differently from the task.
const byRequestShape = (request: InferenceRequest) => request.wire.request;
const sdkFamily = (request: InferenceRequest) => (request.spec.request === "chat" ? "chat" : "task");

function writer<L extends Language>(
  language: L,
  client: Client<L>,
  context: ClientWriter<L>["context"],
  family: ClientWriter<L>["family"],
): ClientWriter<L> {
  return { language, client, context, family, templates: new TemplateFolder(`${language}/${client}`) };
}

/** Every client, in the order snippets are listed: the registry a new client joins. */
const writers: ClientWriter<Language>[] = [
  writer("js", "fetch", fetchContext, byRequestShape),
  writer("js", "huggingface.js", huggingfaceJsContext, sdkFamily),
  writer("js", "openai", openaiJsContext, () => "chat"),
  writer("python", "requests", requestsContext, byRequestShape),
  writer("python", "huggingface_hub", huggingfaceHubContext, sdkFamily),
  writer("python", "openai", openaiContext, () => "chat"),
  writer("python", "fal_client", falClientContext, () => "queue"),
  writer("sh", "curl", curlContext, byRequestShape),
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
    const content = writer.templates.render(writer.family(request), context);
    snippets.push({ language: writer.language, client: writer.client, content });
  }
  return snippets;
}
