import { common, createEmphasize } from "emphasize";
import type { Language } from "../snippets/clients.js";

const emphasize = createEmphasize(common);
const grammar: Record<Language, string> = { js: "javascript", python: "python", sh: "bash" };

/** Code with ANSI colours for a terminal; chalk drops them when colour is off (NO_COLOR). */
export function highlight(code: string, language: Language): string {
  return emphasize.highlight(grammar[language], code).value;
}
