import { readdirSync, readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";
import { describe, expect, it } from "vitest";
import { compiledTemplatesDir, templatesDir } from "../../src/paths.js";
import { precompiledProgram } from "../../src/code/template-program.js";

/** Every template, as `<language>/<client>/<name>` (npm test builds dist/ first, so the trees are the build's). */
const templateKeys = readdirSync(templatesDir, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".jinja"))
  .map((path) => path.slice(0, -".jinja".length));

const sourceOf = (key: string) => readFileSync(`${templatesDir}${key}.jinja`, "utf8");

describe("templates parsed at build time", () => {
  it("finds the templates", () => {
    expect(templateKeys.length).toBeGreaterThanOrEqual(19);
  });

  it.each(templateKeys)("%s: the build's tree is the engine parser's tree of the current source", (key) => {
    const stored = JSON.parse(readFileSync(`${compiledTemplatesDir}${key}.json`, "utf8")) as { source: string; parsed: unknown };
    expect(stored.source).toBe(sourceOf(key));
    // The same nodes with the same fields: JSON lost nothing the interpreter reads.
    expect(stored.parsed).toEqual(new Template(sourceOf(key)).parsed);
    expect(precompiledProgram(key, sourceOf(key))).toEqual(stored.parsed);
  });

  it("is not used for a source edited since the build: the template is parsed instead", () => {
    const key = templateKeys[0] as string;
    expect(precompiledProgram(key, `${sourceOf(key)}{{ added }}`)).toBeUndefined();
  });

  it("is not used where the build made none", () => {
    expect(precompiledProgram("python/requests/no-such-template", "{{ x }}")).toBeUndefined();
  });
});
