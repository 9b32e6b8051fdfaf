import { UserError } from "../errors.js";
import { languageAliases, languageNamed, languages, type Language } from "../code/languages.js";

/** `--lang` as a language of the client table, from its name or a common alias in any case (`py`, `JavaScript`, `bash`). */
export function languageOption(given: string | undefined): Language | undefined {
  if (given === undefined) return undefined;
  const language = languageNamed(given);
  if (language === undefined)
    throw new UserError(`unknown language '${given}' (one of: ${languages.join(", ")}; or ${Object.keys(languageAliases).join(", ")})`);
  return language;
}
