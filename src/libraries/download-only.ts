import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { call, comment, kwarg, python } from "./python-code.js";
import { pythonSnippet, type LibrarySnippet, type LibraryGenerator } from "./types.js";

/**
 * The honest fallback where a library's loading API for this kind of model could not be established: download
 * the repository's files and point to the library's own instructions, rather than invent a call.
 */
export function downloadOnlySnippet(view: RecordView, repoUrl: string): LibrarySnippet {
  // It needs huggingface_hub only, whatever the library needs to load the files.
  return withInstall(
    pythonSnippet(python`from huggingface_hub import snapshot_download

${comment(`see ${repoUrl} for how to load these files`)}
${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
print(path)`),
    installCommand("pip", ["huggingface-hub"]),
  );
}

const withInstall = (snippet: LibrarySnippet, install: string): LibrarySnippet => ({ ...snippet, install });

/** A whole generator that only downloads (for libraries that load by their own names, not Hub ids). */
export const downloadOnly =
  (repoUrl: string): LibraryGenerator =>
  (view) => [downloadOnlySnippet(view, repoUrl)];
