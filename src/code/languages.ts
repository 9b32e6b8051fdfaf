import { unknownIdError } from "../catalogue/nearest.js";

/**
 * The languages hub-snippets writes code in, in the order answers list them: Python first (the Hub's panel opens on
 * it), then JavaScript, then the shell. Every producer (inference clients, libraries, apps, datasets) writes in these.
 */
export const languages = ["python", "js", "sh"] as const;

export type Language = (typeof languages)[number];

const languageSet: ReadonlySet<string> = new Set(languages);

export function isLanguage(value: string): value is Language {
  return languageSet.has(value);
}

/** Other names people give the languages (`--lang py`, `--lang javascript`), lower-case. */
export const languageAliases: Readonly<Record<string, Language>> = {
  py: "python",
  python3: "python",
  javascript: "js",
  node: "js",
  nodejs: "js",
  bash: "sh",
  shell: "sh",
};

/** The language a name means, in any case: its own name (`python`, `JS`) or an alias (`py`, `bash`); undefined for none. */
function languageNamed(name: string): Language | undefined {
  const lower = name.toLowerCase();
  return isLanguage(lower) ? lower : Object.hasOwn(languageAliases, lower) ? languageAliases[lower] : undefined;
}

/** A language as given (`--lang`): its name or an alias in any case; an unknown one is an unknown id (exit 1) with the nearest. */
export function checkLanguage(given: string): Language {
  const language = languageNamed(given);
  if (language !== undefined) return language;
  throw unknownIdError(
    "language",
    given,
    [...languages, ...Object.keys(languageAliases)],
    `one of: ${languages.join(", ")}; or ${Object.keys(languageAliases).join(", ")}`,
  );
}
