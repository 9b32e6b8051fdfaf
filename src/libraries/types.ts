import type { RecordView } from "../model/view.js";
import type { Language } from "../code/languages.js";

/** One piece of loading code for a model, in one language. */
export interface LibrarySnippet {
  language: Language;
  content: string;
  /** What this snippet needs installed, where it is not what the library's registry row says (a download fallback, the packages a model adds). */
  install?: string;
}

/**
 * A library's recipe: the loading snippets for one of its models (several where the library offers several ways),
 * written from the record's view: the facts it has read once (id, files, GGUF quantizations), and `view.record` for
 * the fields it does not hold (config, card data, widget data, tags).
 */
export type LibraryGenerator = (view: RecordView) => LibrarySnippet[];

/** The fallback notes of the specification: a generator places one as a comment when what it needs is missing. */
export const fallbackNotes = {
  unknownModelType: "Type of model unknown",
  noInterface: "interface not specified in config.json",
  noModelFile: "Model filename not specified in config.json",
  noBaseModel: "Base model is not found.",
  invalidTaskType: "Task type is invalid.",
} as const;

export const pythonSnippet = (content: string): LibrarySnippet => ({ language: "python", content });
export const shellSnippet = (content: string): LibrarySnippet => ({ language: "sh", content });
