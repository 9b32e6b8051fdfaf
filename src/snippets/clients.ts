/** Every language and its clients: the one table the language and client types come from. */
export const clientsByLanguage = {
  js: ["fetch", "huggingface.js", "openai"],
  python: ["requests", "huggingface_hub", "openai", "fal_client"],
  sh: ["curl"],
} as const;

export type Language = keyof typeof clientsByLanguage;
export type Client<L extends Language = Language> = (typeof clientsByLanguage)[L][number];

export const languages = Object.keys(clientsByLanguage) as Language[];

export function isLanguage(value: string): value is Language {
  return Object.hasOwn(clientsByLanguage, value);
}

/** A generated piece of code: what the library returns and the CLI prints. */
export interface Snippet {
  language: Language;
  /** The client (for inference snippets), or the library or app the snippet is for. */
  client: string;
  content: string;
}
