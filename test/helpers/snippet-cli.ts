import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect } from "vitest";
import { readModelRecord } from "../../src/model/read.js";
import type { ModelRecord } from "../../src/model/record.js";
import { recordView } from "../../src/model/view.js";
import { deployTargetsFor } from "../../src/deploy/targets.js";
import type { Snippet } from "../../src/code/snippet.js";
import type { InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { type ModelSnippet, type ModelSnippetOptions } from "../../src/model-answer/answer.js";
import { ansiPattern, type CliResult } from "./cli.js";

/** What the `snippet` command's test files share: the example records, a scratch directory, output checks. */

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const example = (name: string) => join(root, "examples", `${name}.json`);
/** The records as a plain /api/models/<id> returns them, without inferenceProviderMapping (fixtures/no-mapping). */
export const withoutMapping = (name: string) => join(root, "test", "fixtures", "no-mapping", `${name}.json`);

export const whisper = withoutMapping("whisper-large-v3");
export const llama = withoutMapping("llama-3.1-8b-instruct");
export const qwen = withoutMapping("qwen2.5-vl-7b-instruct");
export const flux = withoutMapping("flux.1-dev");
export const bart = withoutMapping("bart-large-mnli");
export const allExamples = [whisper, llama, qwen, flux, bart];

let scratchDir: string | undefined;

/** A scratch directory for the calling test file, removed after its tests. */
export function scratch(): string {
  if (scratchDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "hub-snippets-snippet-test-"));
    scratchDir = dir;
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
  }
  return scratchDir;
}

/** Writes a file in the scratch directory and returns its path. */
export function scratchFile(name: string, content: string | Uint8Array): string {
  const path = join(scratch(), name);
  writeFileSync(path, content);
  return path;
}

/** The library's snippets for an example, the reference the CLI output is compared with. */
export function librarySnippets(file: string, options: InferenceSnippetOptions = {}): Snippet[] {
  return getInferenceSnippets(readModelRecord(file), options);
}

export const label = (snippet: { language: string; client: string }) => `${snippet.language}/${snippet.client}`;

/**
 * What the snippet command writes on stderr for a record: the note that a record without a provider mapping lists
 * no providers (the example records carry none), as the core words it; for a default answer (no kind asked) with
 * local apps, the line that names the apps left out.
 */
export function hintOf(record: string | ModelRecord, scope: "inference" | "every kind" | "default answer" = "inference"): string {
  const model = typeof record === "string" ? readModelRecord(record) : record;
  const kind = scope === "inference" ? "inference" : undefined;
  const answer = getModelSnippets(model, { kind });
  const lines = answer.notes.map((note) => `hub-snippets: ${note}\n`);
  if (kind === undefined && answer.otherApps.length > 0 && answer.snippets.some((snippet) => snippet.kind === "app")) {
    lines.push(`hub-snippets: ${model.id} also runs in: ${answer.otherApps.join(", ")} (snippet --app <key>)\n`);
  }
  // The plain default answer (no --json, --lang, --client or --index) names --deploy where a target serves the model.
  const targets = scope === "default answer" ? deployTargetsFor(recordView(model)) : [];
  if (targets.length > 0)
    lines.push(`hub-snippets: ${model.id} can also be deployed on a dedicated endpoint (${targets.join(", ")}): snippet --deploy [target]\n`);
  return lines.join("");
}

/** A record's default answer (every kind), as the library API gives it: the reference for the CLI's output. */
export function modelSnippets(file: string, options: ModelSnippetOptions = {}): ModelSnippet[] {
  return getModelSnippets(readModelRecord(file), options).snippets;
}

/** stderr without the no-provider note, for tests about other diagnostics. */
export const withoutHint = (stderr: string) => stderr.replace(/^hub-snippets: .*: the record lists no inference providers .*\n/m, "");

/** `--json` output: every item has a kind, a language, a client and its code, its install line when it needs one, and nothing else. */
export function parseJsonSnippets(stdout: string): (Snippet & { kind: string })[] {
  const parsed = JSON.parse(stdout) as unknown;
  expect(Array.isArray(parsed)).toBe(true);
  for (const entry of parsed as Record<string, unknown>[]) {
    expect(
      Object.keys(entry)
        .filter((key) => key !== "install")
        .sort(),
    ).toEqual(["client", "content", "kind", "language"]);
    if ("install" in entry) expect(entry.install).toMatch(/^(pip install -U|npm install) \S/);
    expect(["inference", "library", "app"]).toContain(entry.kind);
    expect(typeof entry.content).toBe("string");
  }
  return parsed as (Snippet & { kind: string })[];
}

/** The inference items of `--json` output, as the library's getInferenceSnippets writes them (without kind). */
export const inferenceItems = (snippets: (Snippet & { kind: string })[]): Snippet[] =>
  snippets.filter((snippet) => snippet.kind === "inference").map(({ kind: _kind, ...snippet }) => snippet);

/** A snippet as plain output prints it: its install comment first, then its code. */
export { withInstallLine as printed } from "../../src/code/install-line.js";

export function snippetOf(snippets: Snippet[], language: string, client: string): Snippet {
  const found = snippets.find((snippet) => snippet.language === language && snippet.client === client);
  if (!found) throw new Error(`no ${language}/${client} snippet among ${snippets.map(label).join(", ")}`);
  return found;
}

/** The `# language/client` (`// js/client`) header lines of piped output, in order. */
export function headers(stdout: string): string[] {
  return [...stdout.matchAll(/^(?:#|\/\/) ([a-z]+\/[\w.]+)$/gm)].map((match) => match[1] as string);
}

/** Exit 2, nothing on stdout, one diagnostic line on stderr, no stack trace. */
export function expectUsageError(result: CliResult, ...messages: (string | RegExp)[]): void {
  expect(result.code, `stderr: ${result.stderr}`).toBe(2);
  expect(result.stdout).toBe("");
  expectOneDiagnosticLine(result.stderr, ...messages);
}

/** Exit 1 (a valid request that matched nothing, such as an unknown id), nothing on stdout, one diagnostic line. */
export function expectNoMatchError(result: CliResult, ...messages: (string | RegExp)[]): void {
  expect(result.code, `stderr: ${result.stderr}`).toBe(1);
  expect(result.stdout).toBe("");
  expectOneDiagnosticLine(result.stderr, ...messages);
}

export function expectOneDiagnosticLine(stderr: string, ...messages: (string | RegExp)[]): void {
  expect(stderr.endsWith("\n"), JSON.stringify(stderr)).toBe(true);
  expect(stderr.slice(0, -1).split("\n"), JSON.stringify(stderr)).toHaveLength(1);
  expect(stderr).toMatch(/^hub-snippets: /);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(ansiPattern);
  for (const message of messages) {
    if (typeof message === "string") expect(stderr).toContain(message);
    else expect(stderr).toMatch(message);
  }
}

/**
 * Runs a curl snippet with sh against a stub `curl` that records its arguments (NUL-separated), and
 * returns the URL, the headers and the `-d` body as the real curl would have received them.
 */
export function runCurlSnippet(content: string, env: Record<string, string> = {}): { url?: string; headers: string[]; data?: string } {
  const dir = mkdtempSync(join(scratch(), "curl-"));
  mkdirSync(join(dir, "bin"));
  const stub = join(dir, "bin", "curl");
  writeFileSync(stub, `#!/bin/sh\nfor arg in "$@"; do printf '%s\\000' "$arg"; done > "${join(dir, "args")}"\n`);
  chmodSync(stub, 0o755);
  const result = spawnSync("sh", ["-c", content], {
    encoding: "utf8",
    cwd: dir,
    env: { ...process.env, HF_TOKEN: "hf_from_env", API_TOKEN: "api_from_env", ...env, PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH ?? ""}` },
  });
  expect(result.status, result.stderr).toBe(0);
  const args = readFileSync(join(dir, "args"), "utf8").split("\0").slice(0, -1);
  const headerValues: string[] = [];
  let data: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "-H") headerValues.push(args[++i] as string);
    else if (arg === "-d" || arg === "--data" || arg === "--data-binary") data = args[++i];
    else if (arg === "-X" || arg === "-o" || arg === "--output") i++;
    else if (/^https?:\/\//.test(arg)) url = arg;
  }
  return { url, headers: headerValues, data };
}
