import type { Modality, Task } from "../../catalogue/schema.js";
import type { ModelRecord } from "../../model/record.js";
import type { Document } from "../../presenters/document.js";
import type { ModelResult, ModelSource } from "./ModelChooserScreen.js";
import type { NotebookService } from "./notebook-file.js";
import type { SnippetSource } from "./snippet-sources.js";

/** What the browser reads and does, handed in so that screens stay presentational and testable. */
export interface BrowserServices {
  tasks: readonly Task[];
  modalities: readonly Modality[];
  modalityOf: (task: Task) => string;
  documentOf: (task: Task) => Document;
  /** Whether the task's example models have inference snippets. */
  hasInference: (task: Task) => boolean;
  loadModel: (task: Task, source: ModelSource) => ModelResult;
  /** The tabs of the model page. */
  sources: readonly SnippetSource[];
  copy: (text: string) => Promise<string>;
  /** Saves the notebook `n` writes on a model or dataset page, and says where. */
  saveNotebook: NotebookService;
}

/** A model to open the browser on (`--model <file>`). */
export interface OpenModel {
  model: ModelRecord;
  origin?: string;
  /** A record guessed from a catalogue model's id and task: its page says so, and how to fetch the real one. */
  guessed?: boolean;
}
