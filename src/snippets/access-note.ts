import { accessOf, type RecordAccess } from "../model/access.js";
import type { ModelRecord } from "../model/record.js";
import type { Language } from "./clients.js";

/**
 * How the downloading code signs in to the Hub: with the user's Hub token (`hf auth login` or HF_TOKEN), which
 * huggingface_hub and most apps read, or with Ollama's own SSH key, which Ollama sends instead of any token.
 */
export type HubSignIn = "token" | "ollama-ssh-key";

/** Ollama signs its Hub downloads with this key pair's public half, once added to the user's Hub account. */
const ollamaKey = "your Ollama SSH public key (~/.ollama/id_ed25519.pub) at https://huggingface.co/settings/keys";

/**
 * What a user must do before code can download a gated or private model's files, as one line; undefined for a
 * public model. The Hub writes `gated` as false, "auto" or "manual", and `private` as a boolean.
 */
export function accessNote(model: ModelRecord, signIn: HubSignIn = "token"): string | undefined {
  return accessNoteFor(accessOf(model), signIn);
}

/** accessNote, from the record's access already read. */
export function accessNoteFor(access: RecordAccess, signIn: HubSignIn = "token"): string | undefined {
  const dataset = access.repoType === "dataset";
  const page = `https://huggingface.co/${dataset ? "datasets/" : ""}${access.id}`;
  const what = dataset ? "dataset" : "model";
  if (access.private) {
    return signIn === "ollama-ssh-key"
      ? `Private model: Ollama downloads it once ${ollamaKey} is added to an account with read access to ${access.id}`
      : `Private ${what}: the download needs a token with read access to ${dataset ? page : access.id} (hf auth login, or HF_TOKEN)`;
  }
  if (!access.gated) return undefined;
  return signIn === "ollama-ssh-key"
    ? `Gated model: accept its conditions on ${page}, then add ${ollamaKey}: Ollama signs in with that key, not with your Hub token`
    : `Gated ${what}: accept its conditions on ${page}, then run hf auth login or set HF_TOKEN (read access)`;
}

const commentLead: Record<Language, string> = {
  js: "//",
  python: "#",
  sh: "#",
};

/** The code with the access note as its first comment line, when the model needs one. */
export function withAccessNote(access: RecordAccess, language: Language, content: string, signIn: HubSignIn = "token"): string {
  const note = accessNoteFor(access, signIn);
  return note === undefined ? content : `${commentLead[language]} ${note}\n${content}`;
}
