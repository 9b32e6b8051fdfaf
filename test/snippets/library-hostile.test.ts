import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parseModelRecord } from "../../src/model/read.js";
import type { Snippet } from "../../src/code/snippet.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { hostileText, hostileWidget, injectionPayloads } from "../helpers/hostile-records.js";
import { bashSyntaxErrors, pythonAstErrors } from "../helpers/syntax-checks.js";
import { rawControlCharacters } from "../helpers/terminal-payloads.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Hostile records through every library generator: every field a generator may read (ids aside, which the
 * record schema restricts) carries arbitrary text or an injection payload. No generator may throw, every
 * snippet must parse, and a payload may appear only inside a string literal or a comment: never as code.
 */

const SEED = 20261123;
const RUNS_PER_LIBRARY = 40;
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-hostile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Tags that switch generators onto their other paths, mixed with hostile ones. */
const meaningfulTags = [
  "conversational",
  "custom_code",
  "lora",
  "controlnet",
  "textual_inversion",
  "mlx",
  "gguf",
  "flux",
  "pyannote-audio-pipeline",
  "text-to-image",
];

const hostileOrText = fc.oneof({ arbitrary: hostileText, weight: 3 }, fc.constantFrom(...injectionPayloads));

/** A config with hostile values where the generators look (and hostile keys and values elsewhere). */
const hostileConfig = fc.record(
  {
    architectures: fc.array(hostileOrText, { maxLength: 2 }),
    model_type: hostileOrText,
    chat_template_jinja: hostileOrText,
    tokenizer_config: fc.record({ chat_template: hostileOrText }, { requiredKeys: [] }),
    peft: fc.record({ base_model_name_or_path: hostileOrText, task_type: hostileOrText }, { requiredKeys: [] }),
    sklearn: fc.record({ model: fc.record({ file: hostileOrText }, { requiredKeys: [] }), model_format: hostileOrText }, { requiredKeys: [] }),
    speechbrain: fc.record({ speechbrain_interface: hostileOrText }, { requiredKeys: [] }),
    other: fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);

function hostileRecord(library: string): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        id: fc.constantFrom("acme/model", "acme/flux-lora", "owner/Some.Model_v2-4bit"),
        pipeline_tag: fc.oneof(
          fc.constantFrom(
            "text-generation",
            "text-to-image",
            "image-to-image",
            "image-classification",
            "automatic-speech-recognition",
            "text-to-speech",
            "token-classification",
          ),
          hostileText,
        ),
        tags: fc.array(fc.oneof(fc.constantFrom(...meaningfulTags), hostileText), { maxLength: 4 }),
        config: hostileConfig,
        cardData: fc.record(
          { base_model: fc.oneof(hostileOrText, fc.array(hostileOrText, { maxLength: 2 })), instance_prompt: fc.oneof(hostileOrText, fc.constant(null)) },
          { requiredKeys: [] },
        ),
        widgetData: fc.array(hostileWidget, { maxLength: 1 }),
        transformersInfo: fc.record({ auto_model: hostileOrText, processor: hostileOrText }, { requiredKeys: ["auto_model"] }),
        siblings: fc.array(
          fc.record({
            rfilename: fc.oneof(
              hostileOrText,
              hostileOrText.map((text) => `${text}.gguf`),
            ),
          }),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: ["id", "tags"] },
    )
    .map((record) => JSON.parse(JSON.stringify({ ...record, library_name: library })) as Record<string, unknown>);
}

/**
 * Payload turned into Python code: "PWNED" (in every payload) as a token outside a string or comment, as
 * Python's own tokenizer reads it, or a call the Python payloads make (`__import__`, `.system`), as its
 * parser reads it. One process for all files; prints "<file>: <what>" for each.
 */
function pythonCodeTokensWithPayload(files: string[]): string[] {
  if (files.length === 0) return [];
  const script = [
    "import ast, sys, tokenize",
    "for path in sys.argv[1:]:",
    "    with open(path, 'rb') as handle:",
    "        for token in tokenize.tokenize(handle.readline):",
    "            if token.type not in (tokenize.STRING, tokenize.COMMENT) and 'PWNED' in token.string:",
    "                print(f'{path}: {token.string!r} at line {token.start[0]}')",
    "    for node in ast.walk(ast.parse(open(path, encoding='utf-8').read())):",
    "        if (isinstance(node, ast.Name) and node.id == '__import__') or (isinstance(node, ast.Attribute) and node.attr == 'system'):",
    "            print(f'{path}: payload call at line {node.lineno}')",
  ].join("\n");
  const result = spawnSync("python3", ["-c", script, ...files], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`.split("\n").filter(Boolean);
}

/**
 * Shell: "PWNED" only inside single quotes or $'…' words (the shell writer quotes every word that is not plain) or a
 * comment. In a $'…' word a backslash escapes the next character, a quote included.
 */
function shellPayloadOutsideQuotes(content: string): boolean {
  let quoted = false;
  let ansiC = false;
  for (let index = 0; index < content.length; index += 1) {
    const char = content[index];
    if (ansiC) {
      if (char === "\\") index += 1;
      else if (char === "'") ansiC = false;
    } else if (!quoted && char === "$" && content[index + 1] === "'") {
      ansiC = true;
      index += 1;
    } else if (char === "'") quoted = !quoted;
    else if (!quoted && char === "#" && (index === 0 || /\s/.test(content[index - 1] ?? ""))) {
      const end = content.indexOf("\n", index);
      index = end === -1 ? content.length : end;
    } else if (!quoted && content.startsWith("PWNED", index)) return true;
  }
  return false;
}

describe("library snippets: hostile records stay data", () => {
  const keys = libraryKeysWithRecipes();
  const files: { path: string; snippet: Snippet; record: string }[] = [];

  it(`no generator throws, and each writes at least one snippet (${RUNS_PER_LIBRARY} records per library)`, () => {
    keys.forEach((key, libraryIndex) => {
      fc.sample(hostileRecord(key), { seed: SEED + libraryIndex, numRuns: RUNS_PER_LIBRARY }).forEach((raw, index) => {
        const json = JSON.stringify(raw);
        const snippets = getLibrarySnippets(parseModelRecord(json, "hostile.json"));
        expect(snippets.length, `${key}: ${json.slice(0, 400)}`).toBeGreaterThan(0);
        snippets.forEach((snippet, position) => {
          const path = join(scratch, `${key.replace(/\W/g, "_")}-${index}-${position}.${snippet.language === "python" ? "py" : snippet.language}`);
          writeFileSync(path, `${snippet.content}\n`);
          files.push({ path, snippet, record: json.slice(0, 400) });
        });
      });
    });
    console.log(`hostile library records: ${keys.length} libraries × ${RUNS_PER_LIBRARY}, ${files.length} snippets`);
  });

  const explain = (problems: string[]) =>
    problems
      .slice(0, 10)
      .map((problem) => `${problem}\n    from ${files.find((file) => problem.includes(file.path))?.record ?? "?"}`)
      .join("\n");

  it("every Python snippet parses, and no payload is Python code", () => {
    const python = files.filter((file) => file.snippet.language === "python").map((file) => file.path);
    const problems = [...pythonAstErrors(python), ...pythonCodeTokensWithPayload(python)];
    expect(problems, explain(problems)).toEqual([]);
  });

  it("no snippet holds a raw control character: the record's text cannot drive the terminal that shows it", () => {
    const problems = files.flatMap((file) => rawControlCharacters(file.snippet.content, `${file.path}: `));
    expect(problems, explain(problems)).toEqual([]);
  });

  it("every shell snippet parses, and no payload stands outside single quotes", () => {
    const shell = files.filter((file) => file.snippet.language === "sh");
    const problems = [
      ...bashSyntaxErrors(shell.map((file) => file.path)),
      ...shell.filter((file) => shellPayloadOutsideQuotes(file.snippet.content)).map((file) => `${file.path}: PWNED outside quotes`),
    ];
    expect(problems, explain(problems)).toEqual([]);
  });

  it("the payload checks catch code made of record text (canaries)", () => {
    expect(shellPayloadOutsideQuotes("echo $'it\\'s' PWNED")).toBe(true);
    expect(shellPayloadOutsideQuotes("echo $'it\\'s PWNED'")).toBe(false);
    const python = join(scratch, "canary.py");
    writeFileSync(python, 'x = "PWNED"  # PWNED\n');
    expect(pythonCodeTokensWithPayload([python])).toEqual([]);
    writeFileSync(python, 'x = ""+__import__("os").system("touch PWNED")+""\n');
    expect(pythonCodeTokensWithPayload([python]).join("\n")).toContain("payload call");
    writeFileSync(python, "x = 1\ntouch PWNED\n");
    expect(pythonCodeTokensWithPayload([python]).join("\n")).toContain("'PWNED'");
    expect(shellPayloadOutsideQuotes("hf download 'a/b' # PWNED\necho 'PWNED'\n")).toBe(false);
    expect(shellPayloadOutsideQuotes("pip install $(touch PWNED)\n")).toBe(true);
  });
});
