import type { ModelRecord } from "../../model/record.js";
import { recordView } from "../../model/view.js";
import { clientTable, type ClientRow, type Language, type Snippet } from "../clients.js";
import { withAnsiCNote } from "../literals/shell.js";
import { TemplateFolder } from "../templates.js";
import { refusingUnsendable } from "../../validation/unsendable-field.js";
import { requestFor, type InferenceRequest, type InferenceSnippetOptions, type RequestTarget } from "./request.js";

// Each client's template folder, `templates/<language>/<client>/`, in table order; a template compiles on first use.
const folders = clientTable.map(({ language, client }) => new TemplateFolder(`${language}/${client}`));

/** Keeps only the snippets of one language and/or client. */
export interface SnippetFilter {
  language?: Language;
  client?: string;
}

/**
 * Ready-to-run inference code for a model, one snippet per client that can make the call.
 * Empty when the model's task has no input example (see `noExampleMessage`). A UserError names the record's field
 * when a value the shell code must hold has a NUL or a lone surrogate, which no shell word can carry.
 */
export function getInferenceSnippets(model: ModelRecord, options: InferenceSnippetOptions & SnippetFilter = {}): Snippet[] {
  return refusingUnsendable(model, () => inferenceSnippetsFor({ view: recordView(model), model }, options));
}

/** getInferenceSnippets, for a record already read into its view (see RequestTarget). */
export function inferenceSnippetsFor(target: RequestTarget, options: InferenceSnippetOptions & SnippetFilter = {}): Snippet[] {
  const request = requestFor(target, options);
  if (!request) return [];
  return writeSnippets(request, rawRequestOf(target, request, options), options);
}

/**
 * The request raw HTTP clients write: with the router's automatic choice and a route provider, that provider's own
 * route and model id (every task but chat, whose router route takes the plain model id); else the SDKs' request.
 */
function rawRequestOf(target: RequestTarget, request: InferenceRequest, options: InferenceSnippetOptions): InferenceRequest | undefined {
  if (request.provider !== "auto" || request.url !== undefined || options.routeProvider === undefined) return request;
  return requestFor(target, { ...options, provider: options.routeProvider, routeProvider: undefined });
}

function writeSnippets(sdkRequest: InferenceRequest, rawRequest: InferenceRequest | undefined, options: SnippetFilter): Snippet[] {
  const snippets: Snippet[] = [];
  for (let index = 0; index < clientTable.length; index += 1) {
    const writer = clientTable[index]!;
    const request = writer.rawHttp === true ? rawRequest : sdkRequest;
    if (!request) continue;
    // Filtering before rendering: a template never chosen is never compiled.
    if (options.language !== undefined && writer.language !== options.language) continue;
    if (options.client !== undefined && writer.client !== options.client) continue;
    if (!writer.kinds.has(request.kind)) continue;
    if (writer.provider !== undefined && (request.call?.provider.id !== writer.provider || !request.call.direct)) continue;
    const context = writer.context(request);
    if (!context) continue;
    const rendered = folders[index]!.render(writer.family(request), context);
    const content = writer.language === "sh" ? withAnsiCNote(rendered) : rendered;
    const install = (writer as ClientRow).install?.(request);
    snippets.push({ language: writer.language, client: writer.client, content, ...(install === undefined ? {} : { install }) });
  }
  return snippets;
}
