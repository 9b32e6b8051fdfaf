// Bundled in place of src/code/template-program.ts: the CLI's bundles and dist/templates/ are made by the same
// build, so a template's tree is read as the build stored it, without reading the template's source to check that
// the tree is still its own (the library and the tests check; a default answer read 14 files for its 7 templates,
// now 7: ~1.4M instructions on Node 20).
import { readFileSync } from "node:fs";
import { compiledTemplatesDir } from "../../../src/paths.js";
import type { Program } from "../../../src/code/syntax-tree.js";

export function templateProgram(key: string): Program {
  let stored: string;
  try {
    stored = readFileSync(`${compiledTemplatesDir}${key}.json`, "utf8");
  } catch {
    throw new Error(`Template not found: ${key}`);
  }
  return (JSON.parse(stored) as { parsed: Program }).parsed;
}
