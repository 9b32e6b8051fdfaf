import type { ModelRecord } from "../model/record.js";
import type { Language } from "./clients.js";

/**
 * What a user must do before code can download a gated or private model's files, as one line; undefined for a
 * public model. The Hub writes `gated` as false, "auto" or "manual", and `private` as a boolean.
 */
export function accessNote(model: ModelRecord): string | undefined {
  const page = `https://huggingface.co/${model.id}`;
  if (model["private"] === true) return `Private model: the download needs a token with read access to ${model.id} (hf auth login, or HF_TOKEN)`;
  const gated: unknown = model["gated"];
  if (gated === undefined || gated === false || gated === null) return undefined;
  return `Gated model: accept its conditions on ${page}, then run hf auth login or set HF_TOKEN (read access)`;
}

const commentLead: Record<Language, string> = { js: "//", python: "#", sh: "#" };

/** The code with the access note as its first comment line, when the model needs one. */
export function withAccessNote(model: ModelRecord, language: Language, content: string): string {
  const note = accessNote(model);
  return note === undefined ? content : `${commentLead[language]} ${note}\n${content}`;
}
