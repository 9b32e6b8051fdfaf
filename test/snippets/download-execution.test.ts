import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { siblingFiles } from "../../src/model/siblings.js";
import { libraryKeysWithRecipes } from "../../src/libraries/recipe-keys.js";
import type { Snippet } from "../../src/code/snippet.js";
import { startLocalHub, type LocalHub, type LocalHubRepo } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { venvHas, venvPython } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { getLibrarySnippets, getLocalAppSnippets } from "../helpers/record-twins.js";

/*
 * Snippets that only download run unchanged against the local Hub (test/helpers/local-hub.ts), with the real
 * huggingface_hub and its hf CLI (.venv/):
 * - every library's download fallback: the snapshot_download snippet a recipe writes where the library's loading API
 *   for that model is not established, from the fixtures and from a record that names its library and nothing else;
 * - the app commands that fetch a file: vLLM's `hf download <id> <file> --local-dir .` before it serves the file.
 * Each run starts with an empty cache and may reach nothing but 127.0.0.1; the hub's log shows what it downloaded.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const appModels = fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url));
const ggufExample = fileURLToPath(new URL("../../examples/llama-3.2-3b-instruct-gguf.json", import.meta.url));
const venvBin = dirname(venvPython);
const RUN_TIMEOUT_MS = 60_000;

/** A Python snippet whose only import is huggingface_hub, and which downloads. */
function onlyDownloads(snippet: Snippet): boolean {
  if (snippet.language !== "python" || !/\b(snapshot_download|hf_hub_download)\(/.test(snippet.content)) return false;
  const imports = [...snippet.content.matchAll(/^(?:from (\S+) import|import (\S+))/gm)].map((match) => match[1] ?? match[2]);
  return imports.every((name) => name === "huggingface_hub");
}

interface DownloadCase {
  name: string;
  library: string;
  record: ModelRecord;
  snippet: Snippet;
}

function fallbackCases(): DownloadCase[] {
  const fromFixtures = readdirSync(fixturesDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => ({ name: file.replace(/\.json$/, ""), record: ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, file), "utf8"))) }));
  // A record that names its library and nothing else: every recipe that cannot establish a loading call falls back.
  const bare = libraryKeysWithRecipes().map((key) => ({
    name: `${key} (bare record)`,
    record: ModelRecordSchema.parse({ id: `fallback/${key.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`, library_name: key }),
  }));
  return [...fromFixtures, ...bare].flatMap(({ name, record }) =>
    getLibrarySnippets(record)
      .filter(onlyDownloads)
      .map((snippet) => ({ name, library: record.library_name ?? "", record, snippet })),
  );
}

/** The repository's files as the record lists them, or a usual model's when it lists none. */
function repositoryFiles(record: ModelRecord): string[] {
  const listed = siblingFiles(record);
  return listed.length > 0 ? listed : ["README.md", "config.json", "model.safetensors"];
}

/** The repository's files (tiny stand-ins of the right names), in a folder the local Hub serves. */
function writeRepository(root: string, record: ModelRecord): string {
  const dir = join(root, ...record.id.split("/"));
  const names = repositoryFiles(record);
  for (const name of names) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), `${name.endsWith(".gguf") ? "GGUF" : ""}${record.id}: ${name}\n`);
  }
  return dir;
}

const hasHubClient = venvHas(["huggingface_hub"]);

describe.skipIf(!hasHubClient)("download-only snippets run against the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-downloads-"));
  const fallbacks = fallbackCases();
  const ggufRecords = [
    ModelRecordSchema.parse(JSON.parse(readFileSync(ggufExample, "utf8"))),
    ModelRecordSchema.parse((JSON.parse(readFileSync(appModels, "utf8")) as Record<string, unknown>)["gguf"]),
  ];
  const gatedGguf = ModelRecordSchema.parse({ ...ggufRecords[0], id: "gated-org/Tiny-GGUF", gated: "manual" });
  let hub: LocalHub;
  let runNumber = 0;

  beforeAll(async () => {
    const repos = new Map<string, LocalHubRepo>();
    for (const record of [...fallbacks.map((entry) => entry.record), ...ggufRecords, gatedGguf]) {
      repos.set(record.id, { id: record.id, dir: writeRepository(join(scratch, "repos"), record), ...(record.gated ? { gated: "manual" as const } : {}) });
    }
    hub = await startLocalHub([...repos.values()]);
    // vLLM itself cannot be installed here (not on the package index; it needs a GPU build): this stand-in for its
    // `serve` checks only that it is given the file the `hf download` line before it fetched.
    const stubs = join(scratch, "bin");
    mkdirSync(stubs);
    writeFileSync(join(stubs, "vllm"), '#!/bin/sh\n[ "$1" = serve ] && [ -s "$2" ] || { echo "vllm stand-in: no file $2" >&2; exit 3; }\necho "serving $2"\n');
    chmodSync(join(stubs, "vllm"), 0o755);
  });

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
  });

  const run = (snippet: Snippet, token?: string): Promise<SnippetRun> =>
    runSnippet(snippet, {
      python: venvPython,
      timeoutMs: RUN_TIMEOUT_MS,
      env: {
        ...localHubEnv(hub, join(scratch, `home-${(runNumber += 1)}`), token ?? ""),
        PATH: `${join(scratch, "bin")}:${venvBin}:${process.env.PATH ?? ""}`,
      },
    });

  it("finds a download fallback for every library that writes one", () => {
    expect(new Set(fallbacks.map((entry) => entry.library)).size).toBeGreaterThanOrEqual(21);
  });

  for (const entry of fallbacks) {
    it(`${entry.name}: the fallback downloads the whole repository`, async () => {
      const result = await run(entry.snippet, hub.token);
      expect({ code: result.code, stderr: result.code === 0 ? "" : result.stderr.slice(-1500) }).toEqual({ code: 0, stderr: "" });
      const printed = result.stdout.trim().split("\n").at(-1) ?? "";
      expect(existsSync(join(printed, "config.json")) || existsSync(printed)).toBe(true);
      expect(hub.downloads(entry.record.id)).toEqual(repositoryFiles(entry.record).sort());
    });
  }

  for (const record of ggufRecords) {
    it(`vLLM (${record.id}): hf download fetches the chosen quantization's file into the folder, and serve is given it`, async () => {
      const [serve] = getLocalAppSnippets(record, "vllm");
      const file = /^hf download \S+ (\S+) --local-dir \.$/m.exec(serve!.content)?.[1];
      expect(file, "the snippet's hf download line").toBeDefined();
      const result = await run(serve!, hub.token);
      expect({ code: result.code, stderr: result.code === 0 ? "" : result.stderr.slice(-1500) }).toEqual({ code: 0, stderr: "" });
      expect(result.stdout).toContain(`serving ./${file}`);
      expect(readFileSync(join(result.dir, file!)).subarray(0, 4).toString()).toBe("GGUF");
      expect(hub.downloads(record.id)).toEqual([file]);
    });
  }

  it("vLLM on a gated repository: the download is refused without a token (as the access note warns) and works with one", async () => {
    const [serve] = getLocalAppSnippets(gatedGguf, "vllm");
    expect(serve!.content).toContain(`https://huggingface.co/${gatedGguf.id}`);
    const refused = await run(serve!);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/gated|restricted|requires approval/i);
    const allowed = await run(serve!, hub.token);
    expect(allowed.code).toBe(0);
  });

  it("asks the local Hub only for what it serves", () => {
    expect(hub.requests.filter((request) => request.unrouted).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `download-only snippets executed against the local Hub: ${fallbacks.length} snapshot_download fallbacks of ${new Set(fallbacks.map((entry) => entry.library)).size} libraries, ` +
        `${ggufRecords.length + 1} app commands that download (vLLM's hf download)`,
    );
  });
});
