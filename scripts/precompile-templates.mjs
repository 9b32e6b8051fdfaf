// Writes dist/templates/<language>/<client>/<name>.json for every templates/**/*.jinja: the syntax tree that
// @huggingface/jinja's own parser makes of it, with the source it was made from. src/code/template-program.ts
// takes that tree when the source still matches (the CLI's bundles, built with it, take it as it is: swaps/
// template-program-built.ts), instead of lexing and parsing the template on every start (1.6 ms of a piped
// `snippet` run on Node 24, most of it the parser's first, cold run).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Template } from "@huggingface/jinja";

const root = fileURLToPath(new URL("..", import.meta.url));
const templatesDir = join(root, "templates");
const outDir = join(root, "dist", "templates");

export function precompileTemplates() {
  const files = readdirSync(templatesDir, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(".jinja"));
  for (const file of files) {
    const source = readFileSync(join(templatesDir, file), "utf8");
    const out = join(outDir, file.replace(/\.jinja$/, ".json"));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ source, parsed: new Template(source).parsed }));
  }
}
