import { getLibrary } from "../../catalogue/libraries.js";
import { ExitCode, UserError } from "../../errors.js";
import type { ModelRecord } from "../../model/record.js";
import type { ModelSnippets } from "../../model-answer/answer.js";

/** The options of the snippet command that --library and --app read: the language, and those of an inference call. */
export interface LibraryCheckedOptions {
  lang?: string;
  /** `true` when --provider is given without an id: list the record's live providers. */
  provider?: string | true;
  direct?: boolean;
  stream?: boolean;
  billTo?: string;
  endpointUrl?: string;
  token?: string;
  policy?: string;
  jsonSchema?: string;
  tools?: string;
}

const inferenceOnly: [option: keyof LibraryCheckedOptions, flag: string][] = [
  ["stream", "--stream"],
  ["billTo", "--bill-to"],
  ["endpointUrl", "--endpoint-url"],
  ["token", "--token"],
  ["direct", "--direct"],
  ["policy", "--policy"],
  ["jsonSchema", "--json-schema"],
  ["tools", "--tools"],
];

/** --library and --app write loading code or commands: the options of an inference call mean nothing there. */
export function checkLibraryOptions(options: LibraryCheckedOptions, mode = "--library"): void {
  for (const [option, flag] of inferenceOnly) {
    if (options[option] !== undefined && options[option] !== false) throw new UserError(`${flag} is an inference option; it has no meaning with ${mode}`);
  }
  if (options.provider !== undefined) throw new UserError(`--provider is an inference option; it has no meaning with ${mode}`);
}

/** Where to read about a library, for the messages that say it has no recipe. */
function docsOf(key: string): string {
  const library = getLibrary(key);
  const url = library?.docsUrl ?? library?.repoUrl;
  return url ? `; see ${url}` : "";
}

/** Why --library has no snippet for the model (exit 1): no library, one the Hub does not know, no recipe, or the filters. */
export function explainNoLibrarySnippet(
  model: ModelRecord,
  query: { language?: string; client?: string },
  answer: Pick<ModelSnippets, "libraryKey" | "beforeFilter">,
): UserError {
  const key = answer.libraryKey;
  if (key === undefined)
    return new UserError(`${model.id}: the record names no library (library_name), so there is no loading code to write`, ExitCode.noMatch);
  const library = getLibrary(key);
  if (!library) return new UserError(`${model.id}: '${key}' is not a library the Hub knows; see \`hub-snippets libraries list\``, ExitCode.noMatch);
  // The loading snippets there are without --lang and --client (none when the answer was not filtered: it is empty).
  const all = answer.beforeFilter?.library ?? [];
  if (all.length === 0) return new UserError(`${model.id}: no loading snippet for ${library.prettyLabel} (${key}) yet${docsOf(key)}`, ExitCode.noMatch);
  const wanted = [query.language, query.client].filter(Boolean).join("/");
  return new UserError(`no ${wanted} loading snippet for ${model.id}; ${library.prettyLabel} snippets exist for: ${all.join(", ")}`, ExitCode.noMatch);
}
