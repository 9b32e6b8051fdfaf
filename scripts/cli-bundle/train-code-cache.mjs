// Writes dist/<bundle>.<node version>-<arch>.<group>.cache, the V8 code caches loader.cjs starts the CLI from
// (one per bundle and command group: loader.cjs says why). A cache holds the functions a run compiled, so the
// build runs the common commands one after another, each starting from the cache the previous run of its group
// left: piped output first, then, where script(1) can provide a pseudo-terminal, the Ink views (dist/ui.cjs). The build trains for the Node.js that runs it; for another
// one, run this file with it: `/path/to/node scripts/cli-bundle/train-code-cache.mjs` (CI does, for Node 22, 24 and 26, through scripts/check-node-line.sh).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readLibraryModuleTable } from "./library-modules.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = `${root}bin/hub-snippets.cjs`;
const cachePrefix = (bundle) => `${bundle}.${process.version}-${process.arch}.`;

// No run of --deploy or --notebook: their bundles (dist/deploy.cjs, dist/notebook.cjs) ship without a built cache
// (363 KB of the install, issue 64). Their first run compiles them and leaves a per-user cache that the next ones
// use; training them had not changed the snippet bundle's caches.
const pipedRuns = [
  ["snippet", "examples/llama-3.1-8b-instruct.json", "--json"],
  ["snippet", "examples/llama-3.1-8b-instruct.json", "--lang", "python", "--client", "requests"],
  ["snippet", "examples/whisper-large-v3.json", "--json"],
  ["snippet", "examples/flux.1-dev.json", "--lang", "sh"],
  ["snippet", "examples/qwen2.5-7b-instruct.json"],
  ["snippet", "examples/llama-3.2-3b-instruct-gguf.json"],
  ["tasks", "list"],
  ["tasks", "list", "--json"],
  ["task", "show", "text-to-image"],
  ["task", "show", "text-to-image", "--json"],
  ["snippet", "examples/flux.1-dev.json", "--library"],
  ["snippet", "examples/llama-3.1-8b-instruct.json", "--library", "--json"],
  ["libraries", "list", "--json"],
  ["libraries", "list"],
  ["library", "show", "transformers"],
  ["apps", "list"],
  ["providers", "list"],
  ["quant", "list"],
  ["quant", "parse", "gpt-oss-20b-UD-Q4_K_XL.gguf"],
  ["--help"],
  // The dataset command runs from the whole CLI's bundle (dist/cli.cjs): its functions join that bundle's cache.
  ["dataset", "examples/datasets/imdb.json"],
  ["dataset", "examples/datasets/imdb.json", "--lang", "python", "--client", "pandas"],
];

/** `snippet --app` on a GGUF record (the benchmark's), where the repository has its test fixture. */
function appRuns(scratch) {
  const fixture = `${root}test/fixtures/apps/models.json`;
  if (!existsSync(fixture)) return [];
  const model = join(scratch, "gguf-model.json");
  writeFileSync(model, JSON.stringify(JSON.parse(readFileSync(fixture, "utf8"))["gguf-ud-mxfp4"]));
  return [["snippet", model, "--app", "llama.cpp", "--memory", "16GB"]];
}
/**
 * `snippet --library` once per module bundle of library generators (dist/libraries-<module>.cjs), on the test
 * fixture of one of its libraries, where the repository has the fixtures: a module none of them reaches compiles
 * on its first run instead.
 */
function libraryRuns() {
  const byModule = new Map();
  for (const [key, [module]] of Object.entries(readLibraryModuleTable())) {
    const fixture = `${root}test/fixtures/libraries/${key}.json`;
    if (!byModule.has(module) && existsSync(fixture)) byModule.set(module, ["snippet", fixture, "--library"]);
  }
  return [...byModule.values()];
}
const terminalRuns = [
  "task show text-to-image",
  "tasks list",
  "snippet examples/llama-3.1-8b-instruct.json --lang python --client requests",
  "libraries list",
  "library show transformers",
  "apps list",
  "quant list",
  "providers list",
];

const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

function hasScriptCommand() {
  return spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
}

export function trainCodeCache() {
  const dist = `${root}dist/`;
  for (const file of readdirSync(dist)) {
    const bundle = file.slice(0, file.indexOf("."));
    if (
      file.endsWith(".cache") &&
      file.startsWith(cachePrefix(bundle)) &&
      /^(cli|snippet|catalogue|ui|json-error-location|deploy|notebook|chat-features|libraries-.+)$/.test(bundle)
    )
      rmSync(`${dist}${file}`);
  }
  const env = { ...process.env, HUB_SNIPPETS_CODE_CACHE: "train", NODE_OPTIONS: "" };
  // stderr is kept (a failing run's error carries it) rather than shown: the runs' hints are not build output.
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-train-"));
  try {
    for (const args of [...pipedRuns, ...appRuns(scratch), ...libraryRuns()]) {
      execFileSync(process.execPath, [bin, ...args], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
    }
    // A record that is not JSON (exit 2), which loads jsonc-parser's bundle to say where its syntax breaks.
    const notJson = join(scratch, "not-json.json");
    writeFileSync(notJson, '{"id": "a/b",\n  "tags": [}\n');
    const failed = spawnSync(process.execPath, [bin, "snippet", notJson], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (failed.status !== 2 || !failed.stderr.includes("invalid JSON at line 2"))
      throw new Error(`train-code-cache: the record that is not JSON: ${failed.stderr}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (hasScriptCommand()) {
    // Ink's CI mode (CI=true) would skip the frames being trained.
    const terminalEnv = { ...env, COLUMNS: "100", LINES: "40" };
    delete terminalEnv.CI;
    try {
      for (const line of terminalRuns) {
        const command = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${line}`;
        execFileSync("script", ["-qfec", command, "/dev/null"], { cwd: root, env: terminalEnv, stdio: "ignore", timeout: 30_000 });
      }
    } catch (error) {
      // No pseudo-terminal here (some containers): the Ink views then compile on their first run instead.
      console.warn(`train-code-cache: the terminal views were not trained (${error.message.split("\n")[0]})`);
    }
  }
  const snippetCache = `${dist}${cachePrefix("snippet")}snippet.cache`;
  if (!existsSync(snippetCache)) throw new Error(`train-code-cache: ${snippetCache} was not written`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) trainCodeCache();
