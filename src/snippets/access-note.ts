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
  const page = `https://huggingface.co/${model.id}`;
  if (model["private"] === true) {
    return signIn === "ollama-ssh-key"
      ? `Private model: Ollama downloads it once ${ollamaKey} is added to an account with read access to ${model.id}`
      : `Private model: the download needs a token with read access to ${model.id} (hf auth login, or HF_TOKEN)`;
  }
  const gated: unknown = model["gated"];
  if (gated === undefined || gated === false || gated === null) return undefined;
  return signIn === "ollama-ssh-key"
    ? `Gated model: accept its conditions on ${page}, then add ${ollamaKey}: Ollama signs in with that key, not with your Hub token`
    : `Gated model: accept its conditions on ${page}, then run hf auth login or set HF_TOKEN (read access)`;
}

const commentLead: Record<Language, string> = { js: "//", python: "#", sh: "#" };

/** The code with the access note as its first comment line, when the model needs one. */
export function withAccessNote(model: ModelRecord, language: Language, content: string, signIn: HubSignIn = "token"): string {
  const note = accessNote(model, signIn);
  return note === undefined ? content : `${commentLead[language]} ${note}\n${content}`;
}
