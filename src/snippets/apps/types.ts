import type { ModelRecord } from "../../model/record.js";
import type { GgufChoice } from "../gguf-choice.js";
import type { LibrarySnippet } from "../libraries/types.js";

/** What every recipe is given besides the record: the GGUF quantization chosen for it (by default or to fit memory). */
export interface AppContext {
  quant: GgufChoice;
}

/** An app's recipe: the commands (or link) that run a model the app applies to. */
export type AppGenerator = (model: ModelRecord, context: AppContext) => LibrarySnippet[];

export interface AppRecipe {
  snippets: AppGenerator;
  /** Whether the commands name a GGUF quantization or file, so that `--memory` changes them. */
  picksQuant: boolean;
}

/** A recipe whose commands name the quantization. */
export const withQuant = (snippets: AppGenerator): AppRecipe => ({ snippets, picksQuant: true });
/** A recipe that leaves the choice of file to the app. */
export const withoutQuant = (snippets: AppGenerator): AppRecipe => ({ snippets, picksQuant: false });
