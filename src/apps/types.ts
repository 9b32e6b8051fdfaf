import type { RecordView } from "../model/view.js";
import type { HubSignIn } from "../code/access-note.js";
import type { GgufChoice } from "../weights/gguf-choice.js";
import type { GgufLoader } from "../weights/gguf-loaders.js";
import type { LibrarySnippet } from "../libraries/types.js";

/**
 * An app's recipe: the commands (or link) that run a model the app applies to, written from the record's view (its
 * `record` is what they quote) and the GGUF quantization chosen for the app (by default or to fit memory).
 */
export type AppGenerator = (view: RecordView, quant: GgufChoice) => LibrarySnippet[];

export interface AppRecipe {
  snippets: AppGenerator;
  /** Whether the commands name a GGUF quantization or file, so that `--memory` changes them. */
  picksQuant: boolean;
  /** How the app signs in to the Hub for a gated or private model's files, when not with the Hub token. */
  signIn?: HubSignIn;
  /** Which of a GGUF repository's quantizations it takes (gguf-loaders.ts), where its commands name one. */
  gguf?: GgufLoader;
}

/** A recipe whose commands name the quantization. */
export const withQuant = (snippets: AppGenerator): AppRecipe => ({ snippets, picksQuant: true });
/** A snippet that starts with installing the app (its install field: a shell command line). */
export const installing = (install: string, snippet: LibrarySnippet): LibrarySnippet => ({ ...snippet, install });

/** llama.cpp from Homebrew; its releases have builds for every system (https://github.com/ggml-org/llama.cpp). */
export const installLlamaCpp = "brew install llama.cpp";

/** A recipe that leaves the choice of file to the app. */
export const withoutQuant = (snippets: AppGenerator): AppRecipe => ({ snippets, picksQuant: false });
