import { getLibrary } from "../../catalogue/libraries.js";
import { ExitCode, UserError } from "../../errors.js";
import type { ModelRecord } from "../../model/record.js";
import { isLanguage, languages, type Snippet } from "../../snippets/clients.js";
import { hasLibraryRecipe } from "../../snippets/libraries/recipe-keys.js";
import { loadLibrarySnippets } from "../load-library-snippets.js";
import { label } from "../snippet-output.js";
import type { SnippetCommandOptions } from "./snippet.js";

const inferenceOnly: [option: keyof SnippetCommandOptions, flag: string][] = [
  ["stream", "--stream"],
  ["billTo", "--bill-to"],
  ["endpointUrl", "--endpoint-url"],
  ["token", "--token"],
  ["direct", "--direct"],
];

/** --library and --app write loading code or commands: the options of an inference call mean nothing there. */
export function checkLibraryOptions(options: SnippetCommandOptions, mode = "--library"): void {
  for (const [option, flag] of inferenceOnly) {
    if (options[option] !== undefined && options[option] !== false) throw new UserError(`${flag} is an inference option; it has no meaning with ${mode}`);
  }
  if (options.provider !== undefined && options.provider !== "hf-inference") throw new UserError(`--provider is an inference option; it has no meaning with ${mode}`);
  if (options.lang !== undefined && !isLanguage(options.lang)) throw new UserError(`unknown language '${options.lang}' (one of: ${languages.join(", ")})`);
}

/** Where to read about a library, for the messages that say it has no recipe. */
function docsOf(key: string): string {
  const library = getLibrary(key);
  const url = library?.docsUrl ?? library?.repoUrl;
  return url ? `; see ${url}` : "";
}

/**
 * The model's loading snippets, narrowed by --lang and --client (the library key); exit 1 when none. The 125
 * generators load here, on first use (load-library-snippets.ts): the inference snippets and the hint need only
 * recipe-keys.ts.
 */
export async function selectLibrarySnippets(model: ModelRecord, options: SnippetCommandOptions): Promise<Snippet[]> {
  const key = model.library_name;
  if (key === undefined) throw new UserError(`${model.id}: the record names no library (library_name), so there is no loading code to write`, ExitCode.noMatch);
  // A key with a recipe is in the registry (a test holds it): data/libraries.json is read only for the messages.
  if (!hasLibraryRecipe(key) && !getLibrary(key)) throw new UserError(`${model.id}: '${key}' is not a library the Hub knows; see \`hub-snippets libraries list\``, ExitCode.noMatch);
  const { getLibrarySnippets } = await loadLibrarySnippets();
  const all = getLibrarySnippets(model);
  const name = () => getLibrary(key)?.prettyLabel ?? key;
  if (all.length === 0) throw new UserError(`${model.id}: no loading snippet for ${name()} (${key}) yet${docsOf(key)}`, ExitCode.noMatch);
  const chosen = all.filter((snippet) => (options.lang === undefined || snippet.language === options.lang) && (options.client === undefined || snippet.client === options.client));
  if (chosen.length === 0) {
    const wanted = [options.lang, options.client].filter(Boolean).join("/");
    throw new UserError(`no ${wanted} loading snippet for ${model.id}; ${name()} snippets exist for: ${[...new Set(all.map(label))].join(", ")}`, ExitCode.noMatch);
  }
  return chosen;
}

/**
 * The hint under inference snippets when the model's own library can load it too. It names the library as the
 * record does (its `library_name`, which `--library` follows): looking its display label up in the registry read
 * all of data/libraries.json for one line on stderr, 2.4M instructions, ~8% of what a piped snippet run adds to
 * `node -e 0` on Node 24.
 */
export function libraryHint(model: ModelRecord): string | undefined {
  const key = model.library_name;
  if (!hasLibraryRecipe(key)) return undefined;
  return `also: --library (${key})`;
}
