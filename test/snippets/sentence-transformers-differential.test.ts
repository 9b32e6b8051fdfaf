import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";

/*
 * Our choice of sentence-transformers class and trust_remote_code (src/libraries/sentence-transformers.ts)
 * against the installed library: tiny repositories of each shape are saved by the library itself
 * (test/python/tiny_models.py), and test/python/sentence_transformers_oracle.py asks the library which class loads
 * each as saved (no conversion; every saved tensor used, none made up) and whether it refuses to load without
 * trust_remote_code. Each repository is read as the Hub's record would show it (its files, its config.json, its
 * card's tags and task, or no card), and the snippet written from that record must name that class and flag; then
 * each snippet runs, downloading its repository from the local Hub, and a reranker's scores one pair per line.
 */

const execFileAsync = promisify(execFile);
const tinyModels = fileURLToPath(new URL("../python/tiny_models.py", import.meta.url));
const oracleScript = fileURLToPath(new URL("../python/sentence_transformers_oracle.py", import.meta.url));

/** The shapes: how the library saves a bi-encoder, a reranker, a sparse encoder, custom code, and bare checkpoints. */
const shapes = [
  { kind: "sentence-transformers", repo: "tiny/bi-encoder" },
  { kind: "base-encoder", repo: "tiny/bare-encoder" },
  { kind: "cross-encoder", repo: "tiny/cross-encoder-checkpoint" },
  { kind: "cross-encoder", repo: "tiny/cross-encoder-saved", saved_by: "sentence-transformers" },
  { kind: "sparse-encoder", repo: "tiny/sparse-encoder" },
  { kind: "masked-lm", repo: "tiny/masked-lm-checkpoint" },
  { kind: "custom-code-encoder", repo: "tiny/custom-code" },
];

interface OracleRepo {
  files: string[];
  config: Record<string, unknown>;
  card: { tags?: string[]; pipeline_tag?: string; library_name?: string } | null;
  loads: string[];
  remoteCode: boolean;
}

/**
 * Where we differ from the library on purpose, by repository and record variant: the Hub's record does not hold
 * config_sentence_transformers.json, whose model_type alone names the class of a repository with modules.json.
 */
const deliberate: Record<string, string> = {
  "tiny/cross-encoder-saved without card":
    "saved by CrossEncoder (modules.json, model_type CrossEncoder) under a card that lost its tags: nothing in the record says CrossEncoder",
  "tiny/sparse-encoder without card":
    "saved by SparseEncoder (modules.json, model_type SparseEncoder) under a card that lost its tags: nothing in the record says SparseEncoder",
};

/** The record the Hub would send for a repository: its files and config, and its card's tags and task when `card`. */
function recordOf(repo: string, facts: OracleRepo, card: boolean): ModelRecord {
  const tags = card ? (facts.card?.tags ?? []) : ["sentence-transformers"];
  return ModelRecordSchema.parse({
    _id: "0123456789abcdef01234567",
    id: repo,
    library_name: "sentence-transformers",
    ...(card && facts.card?.pipeline_tag ? { pipeline_tag: facts.card.pipeline_tag } : {}),
    tags: [...new Set(["sentence-transformers", ...tags])],
    config: facts.config,
    siblings: facts.files.map((rfilename) => ({ rfilename })),
  });
}

/** The class a snippet loads with and whether it trusts the repository's code. */
function choiceOf(snippet: Snippet): { name: string | undefined; remoteCode: boolean } {
  return { name: /^from sentence_transformers import (\w+)$/m.exec(snippet.content)?.[1], remoteCode: snippet.content.includes("trust_remote_code=True") };
}

const available = venvHas(
  ["sentence_transformers", "safetensors", "huggingface_hub"],
  librariesPython,
  "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries",
);

describe.skipIf(!available)("sentence-transformers: the class and flags our code names are the ones the library loads with", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-st-differential-"));
  const repos = join(scratch, "repos");
  let oracle: { version: string; repos: Record<string, OracleRepo> } | undefined;
  let built = "";
  let hub: LocalHub | undefined;
  const runs = new Map<string, SnippetRun>();

  beforeAll(async () => {
    const spec = join(scratch, "shapes.json");
    writeFileSync(spec, JSON.stringify(shapes));
    const env = { ...process.env, HF_HUB_OFFLINE: "1", TOKENIZERS_PARALLELISM: "false" };
    try {
      await execFileAsync(librariesPython, [tinyModels, repos, spec], { env, maxBuffer: 16 * 1024 * 1024 });
      const { stdout } = await execFileAsync(librariesPython, [oracleScript, repos, ...shapes.map((shape) => shape.repo)], {
        env,
        maxBuffer: 16 * 1024 * 1024,
      });
      oracle = JSON.parse(stdout) as typeof oracle;
    } catch (error) {
      built = `building or asking the library failed: ${String((error as { stderr?: string }).stderr ?? error).slice(-2000)}`;
      return;
    }
    hub = await startLocalHub(shapes.map(({ repo }) => ({ id: repo, dir: join(repos, repo) })));
    const queue = shapes.map(({ repo }) => repo);
    let runNumber = 0;
    const work = async () => {
      for (let repo = queue.shift(); repo; repo = queue.shift()) {
        const snippet = getLibrarySnippets(recordOf(repo, oracle!.repos[repo]!, true))[0]!;
        const env = { ...localHubEnv(hub!, join(scratch, `home-${(runNumber += 1)}`)), TOKENIZERS_PARALLELISM: "false" };
        runs.set(repo, await runSnippet(snippet, { python: librariesPython, env, timeoutMs: 180_000 }));
      }
    };
    await Promise.all([work(), work()]);
  }, 600_000);

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("builds the shapes and asks the library, which loads each as saved with exactly one class", () => {
    expect(built).toBe("");
    for (const { repo } of shapes) expect(oracle?.repos[repo]?.loads, repo).toHaveLength(1);
  });

  it("names the class the library loads with and trust_remote_code where it refuses without, for every record of every shape", () => {
    const differences: string[] = [];
    const unexpected: string[] = [];
    let count = 0;
    for (const { repo } of shapes) {
      const facts = oracle!.repos[repo]!;
      for (const card of facts.card === null ? [false] : [true, false]) {
        count += 1;
        const key = `${repo} ${card ? "with card" : "without card"}`;
        const snippets = getLibrarySnippets(recordOf(repo, facts, card));
        expect(snippets, key).toHaveLength(1);
        const ours = choiceOf(snippets[0]!);
        const library = { name: facts.loads[0], remoteCode: facts.remoteCode };
        if (ours.name === library.name && ours.remoteCode === library.remoteCode) continue;
        const line = `${key}: ours ${JSON.stringify(ours)}, the library's ${JSON.stringify(library)}`;
        if (deliberate[key] !== undefined) differences.push(`${line} (${deliberate[key]})`);
        else unexpected.push(line);
      }
    }
    console.log(
      `sentence-transformers: ${count} shapes, ${differences.length} deliberate differences from sentence-transformers ${oracle!.version}${differences.map((line) => `\n  - ${line}`).join("")}`,
    );
    expect(unexpected).toEqual([]);
    expect(differences).toHaveLength(Object.keys(deliberate).length);
  });

  it("runs every shape's snippet, downloading the repository from the local Hub", () => {
    for (const { repo } of shapes) {
      const run = runs.get(repo);
      expect({ repo, code: run?.code, stderr: run?.code === 0 ? "" : run?.stderr.slice(-1500) }).toEqual({ repo, code: 0, stderr: "" });
      expect(hub?.downloads(repo), repo).toEqual(expect.arrayContaining(["config.json", "model.safetensors"]));
    }
  });

  it("scores each query-passage pair of a reranker with one number, and ranks the passages", () => {
    for (const repo of ["tiny/cross-encoder-checkpoint", "tiny/cross-encoder-saved"]) {
      const lines = runs.get(repo)?.stdout.trim().split("\n") ?? [];
      // predict's array of three scores, then rank's three lines: a score and its passage.
      expect(lines[0], repo).toMatch(/^\[\s*-?\d+\.\d+(e[-+]\d+)?\s+-?\d+\.\d+(e[-+]\d+)?\s+-?\d+\.\d+(e[-+]\d+)?\s*\]$/);
      expect(
        lines.slice(1).map((line) => /^-?\d+\.\d{4} \S/.test(line)),
        repo,
      ).toEqual([true, true, true]);
    }
  });
});
