import type { RecordView } from "../model/view.js";
import { comment } from "./python-code.js";
import { configValue } from "./record-fields.js";

/*
 * Whether a repository's model is defined by code in the repository itself. transformers (and sentence-transformers,
 * which loads through it) refuse such a model without trust_remote_code=True: its config.json maps the Auto classes
 * to the repository's modules (`auto_map`), for which the Hub tags the model `custom_code`.
 */

/** The one comment a custom-code snippet carries. */
export const remoteCodeNote = comment("trust_remote_code=True runs code from the model's repository: review it first");

/** The record's tags say `custom_code`, or its config maps an Auto class to the repository's code. */
export function runsRemoteCode(view: RecordView): boolean {
  if (view.record.tags.includes("custom_code")) return true;
  const autoMap = configValue(view, "auto_map");
  return typeof autoMap === "object" && autoMap !== null && !Array.isArray(autoMap) && Object.keys(autoMap).length > 0;
}
