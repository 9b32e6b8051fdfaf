import type { ModelRecord } from "../../model/record.js";
import { clientTable, type Language, type Snippet } from "../clients.js";
import { TemplateFolder } from "../templates.js";
import { buildInferenceRequest, type InferenceRequest, type InferenceSnippetOptions } from "./request.js";

// Each client's template folder, `templates/<language>/<client>/`, in table order; a template compiles on first use.
const folders = clientTable.map(({ language, client }) => new TemplateFolder(`${language}/${client}`));

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
  return writeSnippets(request, options);
}

function writeSnippets(request: InferenceRequest, options: SnippetFilter): Snippet[] {
  const snippets: Snippet[] = [];
  for (let index = 0; index < clientTable.length; index += 1) {
    const writer = clientTable[index]!;
    // Filtering before rendering: a template never chosen is never compiled.
    if (options.language !== undefined && writer.language !== options.language) continue;
    if (options.client !== undefined && writer.client !== options.client) continue;
    if (!writer.kinds.has(request.kind)) continue;
    if (writer.provider !== undefined && (request.call?.provider.id !== writer.provider || !request.call.direct)) continue;
    const context = writer.context(request);
    if (!context) continue;
    const content = folders[index]!.render(writer.family(request), context);
    snippets.push({ language: writer.language, client: writer.client, content });
  }
  return snippets;
}
