import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a build script, without type declarations
import { patchedSource } from "../../scripts/cli-bundle/esbuild-plugins.mjs";

// The views' bundle patches a few of its dependencies' modules (scripts/cli-bundle/esbuild-plugins.mjs,
// viewsSourcePatches). Each patched module is loaded here beside the original, and both answer the same inputs.
const scratch = mkdtempSync(join(tmpdir(), "views-patches-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const inkDir = dirname(createRequire(import.meta.url).resolve("ink"));

/** Where a module's import leads: a relative path, or a package's ES module entry (found from the module's folder). */
function resolveFrom(path: string, specifier: string): string {
  if (specifier.startsWith(".")) return join(dirname(path), specifier);
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", specifier);
    let manifest: { exports?: unknown; module?: string; main?: string };
    try {
      manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as typeof manifest;
    } catch {
      continue;
    }
    const entry =
      JSON.stringify(manifest.exports ?? {}).match(/"(?:import|default)":"(\.\/[^"]+\.m?js)"/)?.[1] ?? manifest.module ?? manifest.main ?? "index.js";
    return join(packageDir, entry);
  }
  throw new Error(`${specifier} not found from ${path}`);
}

/** The patched copy of a module, its imports pointed at the files the original imports. */
async function loadPatched<T>(path: string): Promise<T> {
  let patched = (patchedSource(path, readFileSync(path, "utf8")) as string).replace(
    /(from\s+|import\s+)(["'])([^"']+)\2/g,
    (_match, keyword: string, quote: string, specifier: string) =>
      `${keyword}${quote}${pathToFileURL(specifier.startsWith("/") ? specifier : resolveFrom(path, specifier)).href}${quote}`,
  );
  patched = patched.replace(/^\/\/# sourceMappingURL=.*$/m, "");
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, patched);
  return (await import(pathToFileURL(file).href)) as T;
}

let seed = 11;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const pieces = [
  "a",
  "bc",
  "word",
  "longerword",
  " ",
  " ",
  "  ",
  "é",
  "日本",
  "😀",
  "\u001b[32m",
  "\u001b[39m",
  "\u001b[1m",
  "\u001b[22m",
  "\u001b[31m",
  "\u001b]8;;https://x\u0007",
  "\u001b]8;;\u0007",
  "\u001b[0m",
  "\u009b31m",
  "\u001b[38;5;200m",
  "\u001b[1;32m",
  "\u001b[49m",
];
const randomText = (length: number) => Array.from({ length }, () => pick(pieces)).join("");

// Each patch against its original on thousands of random inputs: ~10 s alone, up to a minute with the machine busy.
describe("the views' patches", { timeout: 300_000 }, () => {
  it("wrap-ansi (Ink's copy) wraps as the original", async () => {
    const path = join(inkDir, "..", "node_modules", "wrap-ansi", "index.js");
    const patched = await loadPatched<{ default: (text: string, columns: number, options?: object) => string }>(path);
    const original = ((await import(pathToFileURL(path).href)) as { default: typeof patched.default }).default;
    for (let round = 0; round < 6000; round += 1) {
      const text = randomText(1 + Math.floor(random() * 30));
      const columns = 1 + Math.floor(random() * 30);
      const options = pick([{ trim: false, hard: true }, {}, { hard: true }, { wordWrap: false }]);
      expect(patched.default(text, columns, options), JSON.stringify([text, columns, options])).toBe(original(text, columns, options));
    }
  });

  it("ansi-tokenize's styled characters share their styles and give the same strings", async () => {
    const path = join(dirname(resolveFrom(join(inkDir, "output.js"), "@alcalzone/ansi-tokenize")), "styledChars.js");
    type StyledChars = typeof import("@alcalzone/ansi-tokenize");
    const patched = await loadPatched<Pick<StyledChars, "styledCharsFromTokens" | "styledCharsToString">>(path);
    const { styledCharsFromTokens, styledCharsToString, tokenize } = await import("@alcalzone/ansi-tokenize");
    for (let round = 0; round < 2000; round += 1) {
      const text = randomText(1 + Math.floor(random() * 20));
      const chars = patched.styledCharsFromTokens(tokenize(text));
      expect(chars).toEqual(styledCharsFromTokens(tokenize(text)));
      expect(patched.styledCharsToString(chars)).toBe(styledCharsToString(styledCharsFromTokens(tokenize(text))));
      // A row of a frame: blank cells (one shared cell, as Ink's patched grid has) around the text's characters.
      const blank = { type: "char" as const, value: " ", fullWidth: false, styles: [] };
      const row = [blank, ...chars, blank, blank, ...patched.styledCharsFromTokens(tokenize(text)), blank];
      expect(patched.styledCharsToString(row)).toBe(styledCharsToString(row));
    }
  });

  it("ansi-tokenize's tokenize reads ASCII text by index into the original's tokens", async () => {
    const path = join(dirname(resolveFrom(join(inkDir, "output.js"), "@alcalzone/ansi-tokenize")), "tokenize.js");
    const patched = await loadPatched<{ tokenize: (text: string, endChar?: number) => unknown[] }>(path);
    const { tokenize } = await import("@alcalzone/ansi-tokenize");
    // ASCII pieces and escapes (malformed ones too), and some non-ASCII pieces that take the original's way.
    const ascii = [
      "a",
      "word",
      " ",
      "#",
      "\u001b[32m",
      "\u001b[39m",
      "\u001b[1;31m",
      "\u001b[38;5;200m",
      "\u001b]8;;https://x\u0007",
      "\u001b]8;;\u0007",
      "\u001b",
      "\u001b[",
      "\u001b[3",
      "\u001b]8;",
      "\u001bx",
      "~",
      "\u007f",
    ];
    for (let round = 0; round < 4000; round += 1) {
      const from = round % 4 === 0 ? [...ascii, ...pieces] : ascii;
      const text = Array.from({ length: 1 + Math.floor(random() * 15) }, () => pick(from)).join("");
      const endChar = round % 3 === 0 ? 1 + Math.floor(random() * 10) : undefined;
      expect(patched.tokenize(text, endChar), JSON.stringify([text, endChar])).toEqual(tokenize(text, endChar));
    }
  });

  it("Ink's Output (one frozen blank cell) draws as the original", async () => {
    type OutputClass = new (options: { width: number; height: number }) => {
      write(x: number, y: number, text: string, options: { transformers: [] }): void;
      get(): { output: string; height: number };
    };
    const path = join(inkDir, "output.js");
    const { default: Patched } = await loadPatched<{ default: OutputClass }>(path);
    const { default: Original } = (await import(pathToFileURL(path).href)) as { default: OutputClass };
    for (let round = 0; round < 300; round += 1) {
      const size = { width: 1 + Math.floor(random() * 40), height: 1 + Math.floor(random() * 6) };
      const [patched, original] = [new Patched(size), new Original(size)];
      for (let write = 0; write < 4; write += 1) {
        const [x, y, text] = [Math.floor(random() * size.width), Math.floor(random() * size.height), `${randomText(4)}\n${randomText(3)}`];
        patched.write(x, y, text, { transformers: [] });
        original.write(x, y, text, { transformers: [] });
      }
      expect(patched.get()).toEqual(original.get());
    }
  });
});
