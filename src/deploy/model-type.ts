import type { RecordView } from "../model/view.js";

/** The config's model_type, which some engines' rules name (TEI's model types, vLLM's float16 refusals). */
export function modelTypeOf(view: RecordView): string | undefined {
  const type = view.record.config?.["model_type"];
  return typeof type === "string" && type !== "" ? type : undefined;
}
