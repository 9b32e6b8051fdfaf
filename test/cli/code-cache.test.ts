import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliNode, cliPath } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

// bin/hub-snippets.cjs starts the bundles from V8 code caches (scripts/cli-bundle/loader.cjs); HUB_SNIPPETS_DEBUG=1 makes it say, per bundle,
// whether a cache was used, rejected or absent, and where it saves one.
const root = join(import.meta.dirname, "..", "..");
/** The Node.js the CLI runs on (HUB_SNIPPETS_TEST_NODE may name another than the tests'), as the loader names its caches. */
const runtime = spawnSync(cliNode, ["-p", "`${process.version}-${process.arch}`"], { encoding: "utf8" }).stdout.trim();
/** The one hint inference snippets print when the model's own library can load it (tested in library-commands). */
/** The snippet command's notes about the record (the example records list no providers; the apps left out). */
const isLibraryHint = (line: string) => /^hub-snippets: .*(the record lists no inference providers|also runs in:)/.test(line);

const snippetArgs = ["snippet", join(root, "examples", "llama-3.1-8b-instruct.json"), "--lang", "python", "--client", "requests"];

function run(args: string[], options: { nodeFlags?: string[]; env?: Record<string, string> } = {}) {
  const result = spawnSync(cliNode, [...(options.nodeFlags ?? []), cliPath, ...args], {
    encoding: "utf8",
    timeout: 20_000,
    env: { ...process.env, HUB_SNIPPETS_DEBUG: "1", NODE_OPTIONS: "", ...options.env },
  });
  // The loader's other debug line, the built-in modules loaded, is start-up-builtins.test.ts's.
  const lines = result.stderr.split("\n").filter((line) => !line.startsWith("hub-snippets: built-in modules loaded:"));
  const cacheLines = lines.filter((line) => line.startsWith("hub-snippets: code cache"));
  return {
    stdout: result.stdout,
    code: result.status,
    cacheLines,
    otherStderr: lines.filter((line) => line && !cacheLines.includes(line) && !isLibraryHint(line)),
  };
}

const scratch: string[] = [];
function cacheHome(): string {
  const folder = mkdtempSync(join(tmpdir(), "hub-snippets-cache-home-"));
  scratch.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of scratch.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const expectedSnippet = run(snippetArgs, { env: { HUB_SNIPPETS_CODE_CACHE: "off" } }).stdout;

describe("start-up from V8's code cache", () => {
  it("the build leaves a cache of the snippet bundle for this Node.js, and a piped run uses it without loading the Ink views", () => {
    expect(existsSync(join(root, "dist", `snippet.${runtime}.snippet.cache`))).toBe(true);
    const piped = run(snippetArgs);
    expect(piped.code).toBe(0);
    expect(piped.cacheLines).toEqual(["hub-snippets: code cache for snippet: used"]);
    expect(piped.stdout).toBe(expectedSnippet);
    expect(expectedSnippet).toContain("import requests");
  });

  it("under Node.js flags, the first run saves a per-user cache and the next one uses it", () => {
    const home = cacheHome();
    const first = run(snippetArgs, { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: home } });
    expect(first.cacheLines).toHaveLength(1);
    expect(first.cacheLines[0]).toMatch(/^hub-snippets: code cache for snippet: none, saving .*hub-snippets\/snippet-snippet-[0-9a-f]{8}\.cache$/);
    const saved = readdirSync(join(home, "hub-snippets"));
    expect(saved).toEqual([expect.stringMatching(/^snippet-snippet-[0-9a-f]{8}\.cache$/)]);

    const second = run(snippetArgs, { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: home } });
    expect(second.cacheLines).toEqual(["hub-snippets: code cache for snippet: used"]);
    expect([first.stdout, second.stdout]).toEqual([expectedSnippet, expectedSnippet]);
  });

  it("a damaged cache is rejected, the output is unchanged and the cache is saved afresh", () => {
    const home = cacheHome();
    run(snippetArgs, { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: home } });
    const [file] = readdirSync(join(home, "hub-snippets"));
    const path = join(home, "hub-snippets", String(file));
    writeFileSync(path, Buffer.alloc(4096, 7));

    const damaged = run(snippetArgs, { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: home } });
    expect(damaged.cacheLines).toEqual([`hub-snippets: code cache for snippet: rejected, saving ${path}`]);
    expect(damaged.code).toBe(0);
    expect(damaged.stdout).toBe(expectedSnippet);
    expect(readFileSync(path).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it("a cache folder that cannot be written costs nothing but speed", () => {
    const home = cacheHome();
    const notAFolder = join(home, "file");
    writeFileSync(notAFolder, "");
    const result = run(snippetArgs, { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: notAFolder } });
    expect({ code: result.code, stdout: result.stdout, otherStderr: result.otherStderr }).toEqual({ code: 0, stdout: expectedSnippet, otherStderr: [] });
  });

  it("the common commands start from small bundles, each command group from a cache of its own", () => {
    const caches = [
      "snippet.snippet",
      "snippet.snippet-all",
      // --library and --app: one kind of code, one group.
      "snippet.snippet-one-kind",
      // A list and its show command share a group (tasks list and task show; libraries list and library show).
      "catalogue.tasks",
      "catalogue.libraries",
      "catalogue.quant",
      "cli.main",
      "libraries-diffusers.main",
      "libraries-transformers.main",
    ];
    const size = (name: string) => statSync(join(root, "dist", `${name.replace(".", `.${runtime}.`)}.cache`)).size;
    for (const cache of caches) expect(existsSync(join(root, "dist", `${cache.replace(".", `.${runtime}.`)}.cache`)), cache).toBe(true);
    // --deploy's and --notebook's bundles ship without one (the install's size): their first run saves one per user.
    for (const cache of [
      "snippet.snippet-library",
      "snippet.snippet-app",
      "catalogue.task",
      "catalogue.library",
      "deploy.main",
      "notebook.main",
      "chat-features.main",
    ])
      expect(existsSync(join(root, "dist", `${cache.replace(".", `.${runtime}.`)}.cache`)), cache).toBe(false);
    // A list command restores less than the snippet engine: that is what the split is for.
    expect(size("catalogue.tasks")).toBeLessThan(size("snippet.snippet"));
    // Each small bundle holds its commands and no others: no commander, no Jinja engine for the list commands,
    // no library generators for the snippet command, and each module of generators alone in its bundle
    // (dist/libraries-<module>.cjs).
    const bundle = (name: string) => readFileSync(join(root, "dist", `${name}.cjs`), "utf8");
    const holds = (name: string) => ({
      commander: bundle(name).includes("commander.unknownOption"),
      // The engine's interpreter (its parser runs at build time: the bundles hold the templates' trees).
      jinja: bundle(name).includes("Unknown node type"),
      generators: bundle(name).includes("DiffusionPipeline"),
    });
    expect(holds("cli")).toEqual({ commander: true, jinja: true, generators: false });
    expect(holds("snippet")).toEqual({ commander: false, jinja: true, generators: false });
    expect(holds("catalogue")).toEqual({ commander: false, jinja: false, generators: false });
    expect(holds("libraries-diffusers")).toEqual({ commander: false, jinja: false, generators: true });
    expect(bundle("libraries-transformers").includes("DiffusionPipeline")).toBe(false);
    const listed = run(["tasks", "list", "--json"]);
    expect(listed.cacheLines).toEqual(["hub-snippets: code cache for catalogue: used"]);
    expect(JSON.parse(listed.stdout)).toHaveLength(47);
  });

  it("only a record that is not JSON loads jsonc-parser's bundle, from the cache the build trained, to say where its syntax breaks", () => {
    const folder = cacheHome();
    const notJson = join(folder, "not-json.json");
    writeFileSync(notJson, '{"id": "a/b",\n  "tags": [}\n');
    const failed = run(["snippet", notJson], { env: { XDG_CACHE_HOME: folder } });
    expect(failed.code).toBe(2);
    expect(failed.cacheLines).toEqual(["hub-snippets: code cache for snippet: used", "hub-snippets: code cache for json-error-location: used"]);
    expect(failed.otherStderr).toEqual([`hub-snippets: ${notJson}: invalid JSON at line 2 column 12 (ValueExpected): Unexpected token '}'`]);
    // In the same empty cache home: what is used is what the build trained, never a cache an earlier run saved.
    expect(run(["snippet", join(root, "examples", "qwen2.5-7b-instruct.json")], { env: { XDG_CACHE_HOME: folder } }).cacheLines).toEqual([
      "hub-snippets: code cache for snippet: used",
      "hub-snippets: code cache for libraries-transformers: used",
    ]);
    // --deploy loads the deploy command's bundle, which the default answer never does. It ships without a built
    // cache (the install's size): its first run saves one per user, which the next run uses.
    const deploy = ["snippet", join(root, "examples", "qwen2.5-7b-instruct.json"), "--deploy", "endpoints"];
    expect(run(deploy, { env: { XDG_CACHE_HOME: folder } }).cacheLines).toEqual([
      "hub-snippets: code cache for snippet: used",
      expect.stringMatching(/^hub-snippets: code cache for deploy: none, saving .*\/hub-snippets\/deploy-main-[0-9a-f]{8}\.cache$/),
    ]);
    expect(run(deploy, { env: { XDG_CACHE_HOME: folder } }).cacheLines).toEqual([
      "hub-snippets: code cache for snippet: used",
      "hub-snippets: code cache for deploy: used",
    ]);
    // --policy, --json-schema and --tools load the chat features' bundle (dist/chat-features.cjs), shipped without a cache too.
    const policy = ["snippet", join(root, "examples", "llama-3.1-8b-instruct.json"), "--policy", "cheapest", "--lang", "python", "--client", "openai"];
    expect(run(policy, { env: { XDG_CACHE_HOME: folder } }).cacheLines).toEqual([
      "hub-snippets: code cache for snippet: used",
      expect.stringMatching(/^hub-snippets: code cache for chat-features: none, saving .*\/hub-snippets\/chat-features-main-[0-9a-f]{8}\.cache$/),
    ]);
  });

  it("a line the small bundles do not run goes to the whole CLI, with the same output and exit code", () => {
    const help = run(["snippet", "--help"]);
    expect(help.cacheLines).toEqual(["hub-snippets: code cache for snippet: used", "hub-snippets: code cache for cli: used"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: hub-snippets snippet");
    const unknown = run(["tasks", "list", "--bogus"]);
    expect(unknown.cacheLines).toEqual(["hub-snippets: code cache for catalogue: used", "hub-snippets: code cache for cli: used"]);
    expect(unknown.code).toBe(2);
    expect(unknown.otherStderr.join("\n")).toContain("--bogus");
    const library = run(["snippet", join(root, "examples", "flux.1-dev.json"), "--library", "--lang", "python"]);
    expect(library.cacheLines).toEqual(["hub-snippets: code cache for snippet: used", "hub-snippets: code cache for libraries-diffusers: used"]);
    expect(library.stdout).toContain("DiffusionPipeline");
  });

  it("HUB_SNIPPETS_CODE_CACHE=off compiles from source and saves nothing", () => {
    const home = cacheHome();
    const result = run(["tasks", "list", "--json"], { nodeFlags: ["--no-warnings"], env: { XDG_CACHE_HOME: home, HUB_SNIPPETS_CODE_CACHE: "off" } });
    expect(result.cacheLines).toEqual(["hub-snippets: code cache for catalogue: none"]);
    expect(JSON.parse(result.stdout)).toHaveLength(47);
    expect(existsSync(join(home, "hub-snippets"))).toBe(false);
  });

  it.runIf(hasTool("script"))("on a terminal, the Ink views load from their own cached bundle", () => {
    const result = spawnSync("script", ["-qfec", `'${cliNode}' '${cliPath}' task show text-to-image`, "/dev/null"], {
      encoding: "utf8",
      timeout: 20_000,
      env: { ...process.env, HUB_SNIPPETS_DEBUG: "1", NODE_OPTIONS: "", CI: "", COLUMNS: "100" },
    });
    expect(result.stdout).toContain("hub-snippets: code cache for catalogue: used");
    expect(result.stdout).toContain("hub-snippets: code cache for ui: used");
    expect(result.stdout).toContain("Text-to-Image");
  });
});
