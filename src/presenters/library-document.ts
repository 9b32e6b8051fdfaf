import type { Library } from "../catalogue/schema.js";
import { recipeCheckLine } from "./recipe-check.js";
import type { Document } from "./document.js";

/** Every field of one library, for `library show`. */
export function libraryDocument(library: Library, hasRecipe: boolean): Document {
  const line = (primary: string, secondary?: string) => (secondary === undefined ? { primary } : { primary, secondary });
  return {
    // The key is a line of its section, as a task's id is: a subtitle of the key alone read as a second title.
    title: library.prettyLabel,
    sections: [
      ...(library.about === undefined ? [] : [{ title: "About", lines: [line(library.about)] }]),
      {
        title: library.fileFormat ? "File format" : "Library",
        lines: [
          line("key", library.key),
          line("repository", `${library.repoName} (${library.repoUrl})`),
          line("docs", library.docsUrl ?? "none listed"),
          line("Hub filter", library.filter ? "yes: the Hub lists models by this library" : "no"),
          line("downloads counted on", library.countDownloads ?? "the default files"),
          line("loading snippets", hasRecipe ? `yes: hub-snippets snippet <model.json> --library` : "not yet"),
          ...(library.checked === undefined ? [] : [line("recipe checked", recipeCheckLine(library.checked))]),
        ],
      },
      {
        title: "Tasks",
        lines: library.tasks.length > 0 ? library.tasks.map((task) => line(task)) : [line("none listed")],
      },
    ],
  };
}
