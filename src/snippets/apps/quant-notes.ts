import type { ModelRecord } from "../../model/record.js";
import type { GgufChoice } from "../gguf-choice.js";
import { fitComment } from "../memory-fit.js";

/** `<id>:<quant>`, or the bare id when no file name carries a quantization label. */
export const taggedId = (model: ModelRecord, quant: GgufChoice): string => (quant.chosen ? `${model.id}:${quant.chosen}` : model.id);

/**
 * When another file of the repository has the chosen label (in another folder, or another fine-tune's): an app given
 * `<id>:<label>` picks one of them by itself, so the line names the file meant and the others.
 */
function sameLabelNote(quant: GgufChoice): string {
  if (quant.sameLabel.length === 0 || !quant.chosen) return "";
  const meant = quant.firstFile ?? quant.chosen;
  const which = quant.sameLabel.length === 1 ? "either" : "any of them";
  return `# ${quant.chosen} is the label of ${quant.sameLabel.length + 1} files here: ${meant} (chosen), ${quant.sameLabel.join(", ")}; the app may load ${which}\n`;
}

/**
 * The comment lines above a command that names a quantization: why it fits the memory given (with --memory), which
 * other files share its label (for an app given `<id>:<label>`, not one given the file), and the other quantizations
 * of the repository. Empty when there is nothing to say.
 */
export function quantNotes(quant: GgufChoice, names: "label" | "file" = "label"): string {
  const fit = quant.fit && quant.chosen ? fitComment(quant.chosen, quant.fit) : "";
  const others = quant.others.length > 0 ? `# Other quantizations in this repository: ${quant.others.join(", ")}\n` : "";
  return fit + (names === "label" ? sameLabelNote(quant) : "") + others;
}
