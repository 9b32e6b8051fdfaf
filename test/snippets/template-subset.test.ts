import { readdirSync, readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { templatesDir } from "../../src/paths.js";
import type { TemplateContext } from "../../src/code/template-context.js";
import { subsetRenderer } from "../../src/code/template-subset.js";

/*
 * The templates' subset of Jinja, rendered by closures (src/code/template-subset.ts), writes what the engine's
 * interpreter writes: every template, over generated contexts of texts, flags and gaps, the texts the templates
 * compare names with among them.
 */

const templateKeys = readdirSync(templatesDir, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".jinja"))
  .map((path) => path.slice(0, -".jinja".length));
const sourceOf = (key: string) => readFileSync(`${templatesDir}${key}.jinja`, "utf8");

/** The names a tree reads and the string literals it holds. */
function namesAndTexts(node: unknown, found = { names: new Set<string>(), texts: new Set<string>() }): typeof found {
  if (Array.isArray(node)) for (const child of node) namesAndTexts(child, found);
  else if (typeof node === "object" && node !== null) {
    const { type, value } = node as { type?: unknown; value?: unknown };
    if (type === "Identifier" && typeof value === "string") found.names.add(value);
    if (type === "StringLiteral" && typeof value === "string" && value.length < 40) found.texts.add(value);
    for (const child of Object.values(node)) namesAndTexts(child, found);
  }
  return found;
}

function contexts(key: string): fc.Arbitrary<TemplateContext> {
  const { names, texts } = namesAndTexts(new Template(sourceOf(key)).parsed);
  const value = fc.oneof(fc.constant(undefined), fc.boolean(), fc.constantFrom("", " ", "x\n", "true", ...texts), fc.string());
  return fc.record(Object.fromEntries([...names].map((name) => [name, value])), { requiredKeys: [] }) as fc.Arbitrary<TemplateContext>;
}

describe("the templates' subset of Jinja", () => {
  it("covers every template", () => {
    expect(templateKeys.length).toBeGreaterThanOrEqual(19);
    const outside = templateKeys.filter((key) => subsetRenderer(new Template(sourceOf(key)).parsed) === undefined);
    expect(outside, "templates the engine's interpreter renders (slower)").toEqual([]);
  });

  it.each(templateKeys)("%s: writes what the engine writes", (key) => {
    const render = subsetRenderer(new Template(sourceOf(key)).parsed);
    if (!render) return;
    const engine = new Template(sourceOf(key));
    fc.assert(
      fc.property(contexts(key), (context) => {
        const defined = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
        expect(render(context)).toBe(engine.render(defined));
      }),
      { seed: 41, numRuns: 300 },
    );
  });

  it("leaves anything else to the engine", () => {
    for (const source of ["{{ name | upper }}", "{% for x in xs %}{{ x }}{% endfor %}", "{% if a > b %}x{% endif %}", "{{ a ~ b }}", "{% set x = 1 %}"]) {
      expect(subsetRenderer(new Template(source).parsed), source).toBeUndefined();
    }
  });
});
