import type { ModelRecord } from "../../model/record.js";
import type { LibrarySnippet } from "../libraries/types.js";

/** An app's recipe: the commands (or link) that run a model the app applies to. */
export type AppGenerator = (model: ModelRecord) => LibrarySnippet[];
