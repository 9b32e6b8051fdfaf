import chalk from "chalk";
import { common, createEmphasize } from "emphasize";
import type { Language } from "../code/languages.js";

const grammar: Record<Language, string> = { js: "javascript", python: "python", sh: "bash" };

type Grammar = NonNullable<(typeof common)[string]>;

// Only the three grammars snippets are written in, registered on first use: registering all of `common`
// (37 grammars) cost more than twice as much, and it ran when any terminal view loaded, those without code included
// (docs/performance.md, "Measured choices").
let emphasize: ReturnType<typeof createEmphasize> | undefined;

function snippetGrammars(): Record<string, Grammar> {
  const grammars: Record<string, Grammar> = {};
  for (const name of Object.values(grammar)) {
    const definition = common[name];
    if (!definition) throw new Error(`emphasize has no '${name}' grammar`);
    grammars[name] = definition;
  }
  return grammars;
}

/**
 * Code with ANSI colours for a terminal, or as it is when colour is off (NO_COLOR, a terminal without colour):
 * emphasize colours with a chalk of its own, fixed at 256 colours, so it is asked only when ours has colour.
 */
export function highlight(code: string, language: Language): string {
  if (chalk.level === 0) return code;
  emphasize ??= createEmphasize(snippetGrammars());
  return emphasize.highlight(grammar[language], code).value;
}
