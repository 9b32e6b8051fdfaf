import type { ModelRecord } from "../../model/record.js";
import type { GgufChoice } from "../gguf-choice.js";
import { fitComment } from "../memory-fit.js";

/** `<id>:<quant>`, or the bare id when no file name carries a quantization label. */
export const taggedId = (model: ModelRecord, quant: GgufChoice): string => (quant.chosen ? `${model.id}:${quant.chosen}` : model.id);

/**
 * The comment lines above a command that names a quantization: why it fits the memory given (with --memory),
 * and the other quantizations of the repository. Empty when there is nothing to say.
 */
export function quantNotes(quant: GgufChoice): string {
  const fit = quant.fit && quant.chosen ? fitComment(quant.chosen, quant.fit) : "";
  const others = quant.others.length > 0 ? `# Other quantizations in this repository: ${quant.others.join(", ")}\n` : "";
  return fit + others;
}
