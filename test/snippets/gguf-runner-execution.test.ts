import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { runtimePackage, runtimesInstalled } from "../helpers/test-runtimes.js";
import { getLocalAppSnippets } from "../helpers/record-twins.js";

/*
 * node-llama-cpp's app snippet, run as printed: `npx -y node-llama-cpp chat --prompt 'Hi there!' hf:<id>/<file>`
 * downloads the GGUF file that the chosen quantization names from the (local) Hub and chats with it on llama.cpp's
 * CPU build, which node-llama-cpp ships prebuilt (installed in test/runtimes/ by scripts/test-runtimes.sh; no build, no
 * download at test time).
 *
 * The model: a tiny random llama written with llama.cpp's gguf package (test/python/tiny_gguf.py, .venv-gguf/), one
 * file per quantization (Q4_K_M, Q8_0, F16), served by the local Hub as the repository of the fixture record
 * test/fixtures/apps/tiny-random-llama-gguf.json (the Hub API's shape: library_name gguf, the gguf tag and field).
 *
 * Only the environment changes, never the snippet:
 * - npx: `npx -y <name>` runs a bin of the project it is run in, or a globally installed one, and otherwise downloads
 *   the package into its cache (a directory on PATH does not count). The snippet runs in a temporary folder, so the
 *   test installs the project's copy "globally" in a scratch npm prefix (npm_config_prefix), as `npm i -g` would;
 *   npm_config_offline=true makes any registry request fail instead (and the update check stays off).
 * - the Hub: node-llama-cpp resolves hf: URIs and downloads (with ipull) through the global fetch, so the preload
 *   test/helpers/redirect-fetch.mjs, given to every Node process by NODE_OPTIONS=--import, sends its requests to the
 *   local Hub; the LFS 302 leads to the Hub's CDN host, localhost:<port>. HF_TOKEN is the hub's token. (node-llama-cpp
 *   also reads MODEL_ENDPOINT / HF_ENDPOINT; left unset, so that the snippet takes its default huggingface.co path.)
 * - the model cache: node-llama-cpp stores models in ~/.node-llama-cpp/models (no variable moves it), so HOME is a
 *   fresh folder per run; NODE_LLAMA_CPP_SKIP_DOWNLOAD=true forbids fetching or building llama.cpp.
 * The chat stays interactive after --prompt: its stdin is /dev/null, so it answers once and ends at end of input.
 * It uses max(4, cores) threads on a CPU-only machine: on 2 cores the few tokens take ~10 s.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const nodeLlamaCpp = runtimePackage("node-llama-cpp");
const ggufPython = join(root, ".venv-gguf/bin/python");
const tinyGguf = join(root, "test/python/tiny_gguf.py");
const preload = join(root, "test/helpers/redirect-fetch.mjs");
const fixture = join(root, "test/fixtures/apps/tiny-random-llama-gguf.json");
const hubRecord = JSON.parse(readFileSync(fixture, "utf8")) as Record<string, unknown> & { id: string; siblings: { rfilename: string }[] };
const record = ModelRecordSchema.parse(hubRecord);
const basename = "Tiny-Random-Llama";
const chosenFile = `${basename}-Q4_K_M.gguf`;
const answer = "Hello from a tiny random model.";
const RUN_TIMEOUT_MS = 120_000;

const ready =
  runtimesInstalled(["node-llama-cpp"], "The node-llama-cpp snippet is") &&
  venvHas(["gguf"], ggufPython, "bash scripts/python-venv.sh test/python/requirements-gguf.txt .venv-gguf");

const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

describe.skipIf(!ready)("node-llama-cpp's snippet, run as printed against the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-gguf-runner-"));
  const repoDir = join(scratch, "repo");
  const prefix = join(scratch, "npm-global");
  let metadata: Record<string, unknown>;
  let hub: LocalHub;
  let homes = 0;

  beforeAll(async () => {
    const written = await promisify(execFile)(ggufPython, [tinyGguf, repoDir, basename, "F16", "Q8_0", "Q4_K_M"], { encoding: "utf8" });
    metadata = JSON.parse(written.stdout) as Record<string, unknown>;
    writeFileSync(join(repoDir, "README.md"), "---\nlibrary_name: gguf\nlicense: mit\n---\n# Tiny random llama (test model)\n");
    // test/runtimes' node-llama-cpp, as `npm install -g node-llama-cpp` would lay it out in this prefix.
    mkdirSync(join(prefix, "lib/node_modules"), { recursive: true });
    mkdirSync(join(prefix, "bin"));
    symlinkSync(nodeLlamaCpp, join(prefix, "lib/node_modules/node-llama-cpp"), "dir");
    symlinkSync("../lib/node_modules/node-llama-cpp/dist/cli/cli.js", join(prefix, "bin/node-llama-cpp"));
    const { id: _id, siblings: _siblings, ...info } = hubRecord;
    hub = await startLocalHub([{ id: record.id, dir: repoDir, info }]);
  });

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Runs one snippet with a fresh HOME (node-llama-cpp's model folder) and returns it with that HOME. */
  async function run(model: ModelRecord, index: number): Promise<SnippetRun & { home: string; printed: string }> {
    const snippet = getLocalAppSnippets(model, "node-llama-cpp")[index];
    if (!snippet) throw new Error(`no node-llama-cpp snippet #${index} for ${model.id}`);
    const home = join(scratch, `home-${++homes}`);
    mkdirSync(home);
    const result = await runSnippet(snippet, {
      timeoutMs: RUN_TIMEOUT_MS,
      env: {
        HOME: home,
        NODE_OPTIONS: `--import=${preload}`,
        HUB_SNIPPETS_TEST_ORIGIN: hub.origin,
        HF_TOKEN: hub.token,
        npm_config_prefix: prefix,
        npm_config_offline: "true",
        npm_config_update_notifier: "false",
        NODE_LLAMA_CPP_SKIP_DOWNLOAD: "true",
      },
    });
    return { ...result, home, printed: snippet.content };
  }

  it("serves the fixture record's files, and the record's gguf field describes them", () => {
    expect(readdirSync(repoDir).sort()).toEqual(hubRecord.siblings.map((sibling) => sibling.rfilename).sort());
    const { vocabulary: _vocabulary, ...hubMetadata } = metadata;
    expect(hubRecord.gguf).toEqual(hubMetadata);
  });

  it("chat downloads the file the chosen quantization names (Q4_K_M) and answers", { timeout: RUN_TIMEOUT_MS + 10_000 }, async () => {
    const started = Date.now();
    const result = await run(record, 0);
    const stdout = stripAnsi(result.stdout);
    expect(result.printed).toContain(`npx -y node-llama-cpp chat --prompt 'Hi there!' hf:${record.id}/${chosenFile}`);
    expect(result.code, `${stdout}\n${result.stderr}`).toBe(0);
    // The answer follows "AI: " and ends at the model's end-of-turn token.
    expect(stdout).toContain(`AI: ${answer}`);
    expect(hub.downloads(record.id)).toEqual([chosenFile]);
    const stored = readdirSync(join(result.home, ".node-llama-cpp/models"));
    expect(stored).toHaveLength(1);
    expect(readFileSync(join(result.home, ".node-llama-cpp/models", stored[0]!))).toEqual(readFileSync(join(repoDir, chosenFile)));
    // Every request reached the Hub's API or its CDN host, and none was refused.
    expect(hub.requests.filter((request) => request.status >= 400)).toEqual([]);
    console.info(`node-llama-cpp chat: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it("inspect estimate reads the same file's header from the Hub and estimates its memory", { timeout: RUN_TIMEOUT_MS + 10_000 }, async () => {
    const before = hub.requests.length;
    const result = await run(record, 1);
    const stdout = stripAnsi(result.stdout);
    expect(result.code, `${stdout}\n${result.stderr}`).toBe(0);
    // The Q4_K_M file holds Q4_0 tensors (tiny_gguf.py says why), and node-llama-cpp reads that from its header.
    expect(stdout).toMatch(/Model info\s+Type: llama MOSTLY_Q4_0/);
    expect(stdout).toMatch(/Resolved config\s+100% compatibility/);
    // The file's address, then ranges of its content only: the header, not the whole file.
    const requests = hub.requests.slice(before).map((request) => `${request.status} ${request.path.split("?")[0]}`);
    expect(requests[0]).toBe(`302 /__host/huggingface.co/${record.id}/resolve/main/${chosenFile}`);
    expect(requests.slice(1).length).toBeGreaterThan(0);
    for (const request of requests.slice(1)) expect(request).toMatch(/^206 \/__lfs\/[0-9a-f]{64}$/);
  });

  it("fails when the repository is not on the Hub, or has no file of the quantization named", { timeout: 2 * RUN_TIMEOUT_MS + 10_000 }, async () => {
    const missingRepo = ModelRecordSchema.parse({ ...hubRecord, id: "hub-snippets-test/No-Such-Model-GGUF" });
    const missingFile = ModelRecordSchema.parse({ ...hubRecord, siblings: [{ rfilename: `${basename}-Q5_K_M.gguf` }] });
    for (const [model, file] of [
      [missingRepo, chosenFile],
      [missingFile, `${basename}-Q5_K_M.gguf`],
    ] as const) {
      const before = hub.requests.length;
      const result = await run(model, 0);
      const output = stripAnsi(`${result.stdout}\n${result.stderr}`);
      expect(result.timedOut, output).toBe(false);
      expect(result.code, output).toBe(1);
      expect(output).toContain("Not Found");
      expect(output).not.toContain("AI:");
      // The Hub refused the file the snippet names, and served nothing.
      const asked = hub.requests.slice(before).filter((request) => request.path.startsWith(`/__host/huggingface.co/${model.id}/resolve/main/${file}?`));
      expect(asked.map((request) => request.status)).toContain(404);
      expect(hub.requests.slice(before).filter((request) => request.status < 400)).toEqual([]);
    }
  });
});
