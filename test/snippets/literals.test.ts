import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { jsAssignment, jsLiteral, jsString } from "../../src/code/literals/javascript.js";
import { pythonAssignment, pythonCall, pythonLiteral, pythonString } from "../../src/code/literals/python.js";
import { ansiCNote, jsonText, shellQuote, usesAnsiC, withAnsiCNote } from "../../src/code/literals/shell.js";
import { UnsendableShellText } from "../../src/values/unsendable-text.js";
import type { DataValue } from "../../src/values/data-value.js";
import { dataValue, hostileString } from "../helpers/arbitrary.js";
import { rawControlCharacters, terminalPayloads } from "../helpers/terminal-payloads.js";
import { shellcheckProblems } from "../helpers/syntax-checks.js";
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
      ["const body = {", `  inputs: "${"x".repeat(60)}",`, '  parameters: { candidate_labels: ["refund", "legal", "faq"] },', "};"].join("\n"),
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
    expectBlackClean(
      values.map((value) => pythonAssignment("payload =", value)),
      values,
    );
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
    const calls = values.map(
      (value) =>
        `${client}${pythonCall("output = client.text_classification(", [
          [undefined, value],
          ["model", "acme/model"],
        ])}\npayload = output`,
    );
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
  const lines = execFileSync("python3", ["-c", dump], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .trimEnd()
    .split("\n");
  lines.forEach((line, index) => expect(JSON.parse(line)).toEqual(values[index]));
}

describe("shell words", () => {
  it("single-quotes text and escapes single quotes", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote("")).toBe("''");
  });

  it("stands for exactly the text in bash, running nothing", () => {
    const samples = fc.sample(
      hostileString.filter((text) => !text.includes("\u0000") && text.isWellFormed()),
      300,
    );
    const script = samples.map((text) => `printf '%s\\0' ${shellQuote(text)}`).join("\n");
    const out = execFileSync("bash", ["-c", script], { encoding: "utf8" });
    expect(out.split("\u0000").slice(0, -1)).toEqual(samples);
  });

  it("writes a word with a control character as one $'…' word that shows it: no raw control character", () => {
    expect(shellQuote("a\u001b[2Jb")).toBe("$'a\\x1b[2Jb'");
    expect(shellQuote("x\u009b31m")).toBe("$'x\\302\\23331m'");
    expect(shellQuote("it's\n\t\\\u001b")).toBe("$'it\\'s\\n\\t\\\\\\x1b'");
    // A line break or a tab alone keeps the single-quoted word: the lines of a multi-line value.
    expect(shellQuote('{\n\t"a": 1\n}')).toBe("'{\n\t\"a\": 1\n}'");
    expect(shellQuote("bell\u0007 bs\b cr\r del\u007f ls\u2028")).toBe("$'bell\\a bs\\b cr\\r del\\x7f ls\\xe2\\x80\\xa8'");
    for (const [, payload] of terminalPayloads) expect(rawControlCharacters(shellQuote(payload))).toEqual([]);
  });

  it("sends a $'…' word's exact text in bash and zsh, and shellcheck finds nothing to say", () => {
    const samples = [
      ...terminalPayloads.map(([, payload]) => payload),
      ...fc.sample(
        fc.string({
          unit: fc.constantFrom("a", "F", "7", "'", "\\", "$", "\u001b", "\u009b", "\u0007", "\b", "\r", "\n", "\t", "\u007f", "\u2028", "é", "😀"),
        }),
        300,
      ),
    ];
    const script = samples.map((text) => `printf '%s\\0' ${shellQuote(text)}`).join("\n");
    expect(rawControlCharacters(script)).toEqual([]);
    const shells = ["bash", ...(hasTool("zsh") ? ["zsh"] : [])];
    for (const shell of shells) {
      const out = execFileSync(shell, ["-c", script], { encoding: "utf8", env: { ...process.env, LC_ALL: "C.UTF-8" } });
      expect(out.split("\u0000").slice(0, -1), shell).toEqual(samples);
    }
    if (hasTool("shellcheck")) {
      const file = join(mkdtempSync(join(tmpdir(), "ansi-c-")), "words.sh");
      writeFileSync(file, `#!/usr/bin/env bash\n${script}\n`);
      // SC2016 and SC1003 are notes on single-quoted words that hold `$` or end in `\\`, which mean them as data.
      expect(shellcheckProblems([file], ["SC2016", "SC1003"])).toEqual([]);
    }
  });

  it("refuses a NUL or a lone surrogate, which no word can send", () => {
    expect(() => shellQuote("nul\u0000 and esc\u001b")).toThrow(UnsendableShellText);
    expect(() => shellQuote("half \ud800 and bell\u0007")).toThrow(UnsendableShellText);
  });

  it("notes the shells that read $'…' above code that holds such a word, and only there", () => {
    expect(withAnsiCNote(`curl ${shellQuote("x\u001b")}`)).toBe(`${ansiCNote}\ncurl $'x\\x1b'`);
    expect(withAnsiCNote(withAnsiCNote(`curl ${shellQuote("x\u001b")}`))).toBe(`${ansiCNote}\ncurl $'x\\x1b'`);
    for (const plain of [`echo ${shellQuote("a $'b")}`, `echo "$'x"`, "# $'x'\necho", `echo \\$'x'`, 'echo "${name%%;*}"'])
      expect(usesAnsiC(plain), plain).toBe(false);
    expect(usesAnsiC(`a=1\necho ${shellQuote("it's\r")}`)).toBe(true);
  });

  it("escapes DEL, C1, U+2028/U+2029 and the BOM in JSON text, which still parses back", () => {
    const text = "del\u007f csi\u009b31m ls\u2028 ps\u2029 bom\ufeff esc\u001b";
    expect(jsonText({ [text]: [text] })).toBe(
      '{"del\\u007f csi\\u009b31m ls\\u2028 ps\\u2029 bom\\ufeff esc\\u001b": ["del\\u007f csi\\u009b31m ls\\u2028 ps\\u2029 bom\\ufeff esc\\u001b"]}',
    );
    fc.assert(
      fc.property(dataValue, (value) => {
        expect(rawControlCharacters(jsonText(value))).toEqual([]);
      }),
      { numRuns: 300 },
    );
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
