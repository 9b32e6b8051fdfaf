import type { Library, RecipeCheck } from "../catalogue/schema.js";
import type { Document } from "./document.js";

/** Every field of one library, for `library show`. */
export function libraryDocument(library: Library, hasRecipe: boolean): Document {
  const line = (primary: string, secondary?: string) => (secondary === undefined ? { primary } : { primary, secondary });
  return {
    title: library.prettyLabel,
    subtitle: library.key,
    sections: [
      ...(library.about === undefined ? [] : [{ title: "About", lines: [line(library.about)] }]),
      {
        title: library.fileFormat ? "File format" : "Library",
        lines: [
          line("repository", `${library.repoName} (${library.repoUrl})`),
          line("docs", library.docsUrl ?? "none listed"),
          line("Hub filter", library.filter ? "yes: the Hub lists models by this library" : "no"),
          line("downloads counted on", library.countDownloads ?? "the default files"),
          line("loading snippets", hasRecipe ? `yes: hub-snippets snippet <model.json> --library` : "not yet"),
        ],
      },
      ...(library.checked === undefined
        ? []
        : [
            {
              title: "Recipe checked",
              lines: recipeCheckLines(library.checked),
            },
          ]),
      {
        title: "Tasks",
        lines: library.tasks.length > 0 ? library.tasks.map((task) => line(task)) : [line("none listed")],
      },
    ],
  };
}

const proofs: Record<RecipeCheck["proof"], string> = {
  executed: "executed: the test suite runs it on a tiny model",
  signature: "signature-checked: the test suite checks its calls against the package's source",
  read: "read: checked by reading the library's code, not run",
};

/** What the recipe was last checked against, and how it is proven. */
function recipeCheckLines(check: RecipeCheck): { primary: string; secondary?: string }[] {
  const against = [
    check.package === undefined ? undefined : `${check.package} ${check.version ?? ""}`.trim(),
    check.repository === undefined ? undefined : `${check.repository}${check.commit === undefined ? "" : ` at ${check.commit}`}`,
  ].filter((part): part is string => part !== undefined);
  return [
    { primary: "against", secondary: against.join("; ") },
    { primary: "on", secondary: check.date },
    { primary: "proof", secondary: proofs[check.proof] },
    { primary: "symbols read", secondary: check.symbols.join(", ") },
    ...(check.olderThanLatest === undefined
      ? []
      : [
          {
            primary: "older than today's release",
            secondary: check.olderThanLatest,
          },
        ]),
    ...(check.notes === undefined ? [] : [{ primary: "notes", secondary: check.notes }]),
  ];
}
