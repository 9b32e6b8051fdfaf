import type { Library, RecipeCheck } from "../catalogue/schema.js";

/*
 * What a user is shown of a library recipe's check: what it was checked against, when, and how. The working notes
 * of the check (the symbols read, the notes, why an older release was read) stay in data/libraries.json, where the
 * tests read them.
 */

/** A recipe check without its working notes. */
export type RecipeCheckSummary = Pick<RecipeCheck, "package" | "version" | "repository" | "commit" | "date" | "proof">;

function recipeCheckSummary(check: RecipeCheck): RecipeCheckSummary {
  const { package: name, version, repository, commit, date, proof } = check;
  return {
    ...(name === undefined ? {} : { package: name }),
    ...(version === undefined ? {} : { version }),
    ...(repository === undefined ? {} : { repository }),
    ...(commit === undefined ? {} : { commit }),
    date,
    proof,
  };
}

const proofs: Record<RecipeCheck["proof"], string> = {
  executed: "run by the test suite on a tiny model",
  signature: "its calls checked against the package's source",
  read: "read in the library's code, not run",
};

/** The check as one line: `timm 1.0.20 on 2026-11-26: its calls checked against the package's source`. */
export function recipeCheckLine(check: RecipeCheck): string {
  const against =
    check.package !== undefined && check.version !== undefined
      ? `${check.package} ${check.version}`
      : `${check.repository ?? ""} at ${(check.commit ?? "").slice(0, 7)}`;
  return `${against} on ${check.date}: ${proofs[check.proof]}`;
}

/** A library as `--json` prints it: its catalogue entry, its check summarised, and whether it has loading snippets. */
export function libraryJson(library: Library, hasSnippets: boolean): Omit<Library, "checked"> & { checked?: RecipeCheckSummary; hasSnippets: boolean } {
  // Spread first, then replaced: `checked` keeps its place among the keys.
  return { ...library, ...(library.checked === undefined ? {} : { checked: recipeCheckSummary(library.checked) }), hasSnippets };
}
