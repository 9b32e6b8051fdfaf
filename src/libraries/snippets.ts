import type { RecordView } from "../model/view.js";
import { finishedCode } from "../code/finish.js";
import { installCommand } from "../code/install.js";
import type { Snippet } from "../code/snippet.js";
import { installOfLibrary } from "./library-installs.js";
import { hasLibraryRecipe } from "./recipe-keys.js";
import { libraryGenerator } from "./generator-of.js";

export { libraryKeysWithRecipes } from "./recipe-keys.js";

/** getLibrarySnippets, for a record already read into its view (which holds its library key and access). */
export function librarySnippetsOf(view: RecordView): Snippet[] {
  const key = view.libraryKey;
  if (!hasLibraryRecipe(key)) return [];
  // The registry's install line is read only for a snippet whose generator names none (most name their own).
  return libraryGenerator(key)(view).map(({ language, content, install = libraryInstallLine(key) }) => ({
    language,
    client: key,
    content: finishedCode(language, content, view),
    ...(install === undefined ? {} : { install }),
  }));
}

/** What a library's loading code needs installed, from its registry row: the command first, then the packages. */
function libraryInstallLine(key: string): string | undefined {
  const install = installOfLibrary(key);
  if (!install) return undefined;
  const parts = [install.command, install.pip && installCommand("pip", install.pip), install.npm && installCommand("npm", install.npm)];
  return parts.filter((part) => part !== undefined).join(" && ") || undefined;
}
