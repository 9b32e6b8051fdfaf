import type { GgufChoice } from "../weights/gguf-choice.js";
import { fitComment } from "../weights/memory-fit.js";

/** `<id>:<quant>`, or the bare id when no file name carries a quantization label. */
export const taggedId = (id: string, quant: GgufChoice): string => (quant.chosen ? `${id}:${quant.chosen}` : id);

/**
 * When `<id>:<label>` also matches other files of the repository (the label in another folder or a fine-tune's file,
 * BF16 for F16), an app given the tag loads the first it finds: the line names the file meant and the others.
 */
function alsoMatchedNote(quant: GgufChoice): string {
  if (quant.alsoMatched.length === 0 || !quant.chosen) return "";
  const meant = quant.firstFile ?? quant.chosen;
  return `# The tag ${quant.chosen} also matches ${quant.alsoMatched.join(", ")} here: the app may load that instead of ${meant}\n`;
}

/**
 * The comment lines above a command that names a quantization: why it fits the memory given (with --memory), which
 * other files its tag matches (for an app given `<id>:<label>`, not one given the file), and the other quantizations
 * of the repository. Empty when there is nothing to say.
 */
export function quantNotes(quant: GgufChoice, names: "label" | "file" = "label"): string {
  const fit = quant.fit && quant.chosen ? fitComment(quant.chosen, quant.fit) : "";
  const others = quant.others.length > 0 ? `# Other quantizations in this repository: ${quant.others.join(", ")}\n` : "";
  return fit + (names === "label" ? alsoMatchedNote(quant) : "") + others;
}
