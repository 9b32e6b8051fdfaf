import { isKnownGatedBase } from "../catalogue/gated-bases.js";
import type { RecordAccess } from "../model/access.js";
import { asModelId } from "../model/model-id.js";
import type { Language } from "./languages.js";
import { lineComment } from "./install-line.js";

/**
 * How the downloading code signs in to the Hub, as the note of a gated or private repository says it. By default
 * with the user's Hub token (`hf auth login` or HF_TOKEN), which huggingface_hub and most apps read; an app that signs
 * in otherwise (Ollama, with its own SSH key) says how in its registry row.
 */
export interface HubSignIn {
  /** The note of a private repository. */
  private(access: RecordAccess): string;
  /** The note of a gated one, whose conditions are accepted on its page first. */
  gated(access: RecordAccess, page: string): string;
}

/** The repository's page on the Hub. */
const hubPageOf = (access: RecordAccess) => `https://huggingface.co/${access.repoType === "dataset" ? "datasets/" : ""}${access.id}`;
const what = (access: RecordAccess) => (access.repoType === "dataset" ? "dataset" : "model");

/** With the user's Hub token. */
export const tokenSignIn: HubSignIn = {
  private: (access) =>
    `Private ${what(access)}: the download needs a token with read access to ${access.repoType === "dataset" ? hubPageOf(access) : access.id} (hf auth login, or HF_TOKEN)`,
  gated: (access, page) => `Gated ${what(access)}: accept its conditions on ${page}, then run hf auth login or set HF_TOKEN (read access)`,
};

/** accessNote, from the record's access already read. */
export function accessNoteFor(access: RecordAccess, signIn: HubSignIn = tokenSignIn): string | undefined {
  if (access.private) return signIn.private(access);
  return access.gated ? signIn.gated(access, hubPageOf(access)) : undefined;
}

/**
 * The note of a base model known to be gated, which the adapter's code also downloads (its id is one of the table's,
 * checked as a model id); undefined for any other base.
 */
export function gatedBaseNote(base: string | undefined): string | undefined {
  const id = asModelId(base);
  if (id === undefined || !isKnownGatedBase(id)) return undefined;
  return `The base model is gated: accept its conditions on https://huggingface.co/${id}, then run hf auth login or set HF_TOKEN (read access)`;
}

/** The code with the access note as its first comment line, when the model needs one. */
export function withAccessNote(access: RecordAccess, language: Language, content: string, signIn: HubSignIn = tokenSignIn): string {
  const note = accessNoteFor(access, signIn);
  return note === undefined ? content : `${lineComment(language)} ${note}\n${content}`;
}
