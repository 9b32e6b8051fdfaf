import type { ModelRecord } from "../../model/record.js";
import { installCommand } from "../install.js";
import { call, comment, kwarg, python } from "./python-code.js";
import { pythonSnippet, type LibrarySnippet, type RecordGenerator } from "./types.js";

/**
 * The honest fallback where a library's loading API for this kind of model could not be established: download
 * the repository's files and point to the library's own instructions, rather than invent a call.
 */
export function downloadOnlySnippet(model: ModelRecord, repoUrl: string): LibrarySnippet {
  // It needs huggingface_hub only, whatever the library needs to load the files.
  return withInstall(pythonSnippet(python`from huggingface_hub import snapshot_download

${comment(`see ${repoUrl} for how to load these files`)}
${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
print(path)`), installCommand("pip", ["huggingface-hub"]));
}

const withInstall = (snippet: LibrarySnippet, install: string): LibrarySnippet => ({ ...snippet, install });

/** A whole generator that only downloads (for libraries that load by their own names, not Hub ids). */
export const downloadOnly =
  (repoUrl: string): RecordGenerator =>
  (model) => [downloadOnlySnippet(model, repoUrl)];
