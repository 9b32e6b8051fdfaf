import { readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";
import { describe, expect, it } from "vitest";
import { templatesDir } from "../../src/paths.js";
import type { TemplateContext } from "../../src/code/template-context.js";
import { TemplateFolder } from "../../src/code/templates.js";

// Every template of templates/ keeps to the subset the closures render (template-subset.test.ts); a template beyond
// it goes to the engine's interpreter, whose variables read the context of the render under way. The fixture sits
// outside templates/, reached by a relative folder.
const folder = new TemplateFolder("../test/fixtures/templates");
const source = readFileSync(`${templatesDir}../test/fixtures/templates/beyond-subset.jinja`, "utf8");

describe("a template beyond the subset", () => {
  const contexts: TemplateContext[] = [
    { name: "ada", flag: true, gap: "x" },
    { name: "bob", flag: false, gap: undefined },
    { name: "", flag: undefined },
  ];

  it.each(contexts)("renders what the engine renders, trimmed: %o", (context) => {
    const defined = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
    expect(folder.render("beyond-subset", context)).toBe(new Template(source).render(defined).trimEnd());
  });

  it("keeps nothing of one render for the next", () => {
    expect(folder.render("beyond-subset", { name: "ada", flag: true, gap: "x" })).toBe("Hello ADA! [x] (first)");
    expect(folder.render("beyond-subset", { name: "bob" })).toBe("Hello BOB");
  });
});
