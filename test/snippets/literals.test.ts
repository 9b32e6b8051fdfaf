import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { jsAssignment, jsLiteral, jsString } from "../../src/snippets/literals/javascript.js";
import { pythonAssignment, pythonCall, pythonLiteral, pythonString } from "../../src/snippets/literals/python.js";
import { jsonText, shellQuote } from "../../src/snippets/literals/shell.js";
import type { DataValue } from "../../src/values/data-value.js";
import { dataValue, hostileString } from "../helpers/arbitrary.js";
import { hasTool } from "../helpers/tools.js";

describe("JavaScript literals", () => {
  it("quotes like prettier: double quotes unless single ones save escapes", () => {
    expect(jsString("plain")).toBe('"plain"');
    expect(jsString('say "hi"')).toBe(`'say "hi"'`);
    expect(jsString(`it's "x`)).toBe(`"it's \\"x"`);
  });

  it("keeps template and shell syntax as inert text", () => {
    expect(jsString("${process.exit(1)} `x` $(id)")).toBe('"${process.exit(1)} `x` $(id)"');
  });

  it("escapes newlines, separators and non-ASCII text", () => {
    expect(jsString("a\nb\u2028c é")).toBe('"a\\nb\\u2028c \\u00e9"');
  });

  it("breaks an object that does not fit, one property per line with trailing commas", () => {
    const value = { inputs: "x".repeat(60), parameters: { candidate_labels: ["refund", "legal", "faq"] } };
    expect(jsAssignment("const body =", value, ";")).toBe(
      [
        "const body = {",
        `  inputs: "${"x".repeat(60)}",`,
        '  parameters: { candidate_labels: ["refund", "legal", "faq"] },',
        "};",
      ].join("\n"),
    );
  });

  it("makes a __proto__ key an ordinary property", () => {
    const source = jsLiteral(JSON.parse('{"__proto__": 1}'));
    expect(new Function(`return ${source};`)()).toEqual(JSON.parse('{"__proto__": 1}'));
  });

  it("prints any value as prettier does, and reads back as the same value", async () => {
    await fc.assert(
      fc.asyncProperty(dataValue, async (value) => {
        const source = `${jsAssignment("const payload =", value, ";")}\n`;
        expect(await prettier.format(source, { parser: "babel" })).toBe(source);
        expect(new Function(`${source} return payload;`)()).toEqual(value);
      }),
      { numRuns: Number(process.env.LITERAL_SAMPLES ?? 1500) },
    );
  });
});

describe("Python literals", () => {
  it("writes Python keywords and black's quotes", () => {
    expect(pythonLiteral({ a: true, b: false, c: null })).toBe('{"a": True, "b": False, "c": None}');
    expect(pythonString('say "hi"')).toBe(`'say "hi"'`);
    expect(pythonString('"""')).toBe(`'"""'`);
    expect(pythonString("a\u0000b\u2028")).toBe('"a\\x00b\\u2028"');
  });

  it.skipIf(!hasTool("black"))("prints any value as black does, and reads back as the same value", () => {
    const values = fc.sample(dataValue, Number(process.env.LITERAL_SAMPLES ?? 800));
    expectBlackClean(values.map((value) => pythonAssignment("payload =", value)), values);
  });

  it.skipIf(!hasTool("black"))("counts columns in code points, as black does, where emoji make a line longer than it looks", () => {
    // Around black's 88 columns: each 😀 is one column but two UTF-16 units, so these lines are 1 to 2 times too
    // long by length, and fit or overflow by their code points. With magic trailing commas ignored, black also
    // joins what was broken needlessly.
    const values = [30, 36, 37, 38, 39, 40, 41, 42, 44, 60].flatMap((count) => ["😀".repeat(count), { inputs: "😀".repeat(count) }, ["😀".repeat(count), "é"]]);
    expectBlackClean(
      values.map((value) => pythonAssignment("payload =", value)),
      values,
      ["--skip-magic-trailing-comma"],
    );
    // A call black would rather lay out with all its arguments on one indented line: ours is one per line, which
    // black keeps for its trailing comma.
    const client = "class client:\n    text_classification = staticmethod(lambda *args, **kwargs: args[0])\n\n\n";
    const calls = values.map((value) => `${client}${pythonCall("output = client.text_classification(", [[undefined, value], ["model", "acme/model"]])}\npayload = output`);
    expectBlackClean(calls, values);
  });
});

/** Every module (each binding `payload`) is black-clean, and binds the value given. */
function expectBlackClean(statements: string[], values: DataValue[], blackOptions: string[] = []): void {
  const dir = mkdtempSync(join(tmpdir(), "literals-"));
  statements.forEach((statement, index) => writeFileSync(join(dir, `v${index}.py`), `${statement}\n`, "utf8"));
  const check = spawnSync("black", [...blackOptions, "--check", "--quiet", dir], { encoding: "utf8" });
  expect(check.status, `${check.stderr}${spawnSync("black", [...blackOptions, "--diff", "--quiet", dir], { encoding: "utf8" }).stdout.slice(0, 3000)}`).toBe(0);
  const dump = `import json, runpy, sys\nfor i in range(${values.length}):\n    print(json.dumps(runpy.run_path(f"${dir}/v{i}.py")["payload"]))`;
  const lines = execFileSync("python3", ["-c", dump], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).trimEnd().split("\n");
  lines.forEach((line, index) => expect(JSON.parse(line)).toEqual(values[index]));
}

describe("shell words", () => {
  it("single-quotes text and escapes single quotes", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote("")).toBe("''");
  });

  it("stands for exactly the text in bash, running nothing", () => {
    const samples = fc.sample(hostileString.filter((text) => !text.includes("\u0000") && text.isWellFormed()), 300);
    const script = samples.map((text) => `printf '%s\\0' ${shellQuote(text)}`).join("\n");
    const out = execFileSync("bash", ["-c", script], { encoding: "utf8" });
    expect(out.split("\u0000").slice(0, -1)).toEqual(samples);
  });

  it("writes JSON on one line that parses back", () => {
    fc.assert(
      fc.property(dataValue, (value) => {
        expect(JSON.parse(jsonText(value))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });
});
