import { readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";
import { compiledTemplatesDir, templatesDir } from "../paths.js";
import { walk, type Program } from "./syntax-tree.js";

/**
 * The syntax tree of `templates/<key>.jinja`: the build's (scripts/precompile-templates.mjs) while it was made from
 * this very source, else the engine's parser's, here. The CLI's bundles carry the build's trees instead of this
 * module (scripts/cli-bundle/swaps/template-program-built.ts, swapped in by esbuild-plugins.mjs): a snippet command
 * reads no template file.
 */
export function templateProgram(key: string): Program {
  let source: string;
  try {
    source = readFileSync(`${templatesDir}${key}.jinja`, "utf8");
  } catch {
    throw new Error(`Template not found: ${key}`);
  }
  return precompiledProgram(key, source) ?? parsedProgram(source);
}

/**
 * The syntax tree the build made of this template with the engine's parser, when it was made from this very source;
 * undefined otherwise (no build, or a template edited since), and the template is parsed here. The interpreter
 * reads a tree by its nodes' `type` and fields, which JSON keeps: the templates use ifs, names, texts and
 * comparisons (test/snippets/precompiled-templates.test.ts holds the trees to the parser's).
 */
export function precompiledProgram(key: string, source: string): Program | undefined {
  try {
    const stored = JSON.parse(readFileSync(`${compiledTemplatesDir}${key}.json`, "utf8")) as { source?: unknown; parsed?: Program };
    return stored.source === source ? stored.parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A template parsed here, each of its texts made flat: the engine's lexer builds a text one character at a time, a
 * rope of as many pieces as characters that every render walked again to flatten its snippet (a sixth of the
 * time). The build's trees need no copy: JSON.parse makes flat strings.
 */
function parsedProgram(source: string): Program {
  const program = new Template(source).parsed;
  walk(program, (node) => {
    if (node.type === "StringLiteral" && typeof node.value === "string") node.value = structuredClone(node.value);
  });
  return program;
}
