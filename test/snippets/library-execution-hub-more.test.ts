import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { runProcess } from "../helpers/async-process.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { librariesPython, pythonRedirect, venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { installedNames, librariesRequirements, pypiName, requirementNames } from "../helpers/package-names.js";
import { installPip, localIndexEnv, makeThrowawayVenv, pipVersion, type ThrowawayVenv } from "../helpers/throwaway-venv.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * The bm25s, keras and spaCy loading snippets run, unchanged, online against the local Hub (test/helpers/local-hub.ts).
 * Each library makes a tiny repository for its fixture's model id (test/python/hub_more_repos.py), the hub serves
 * it, and the snippet downloads it through the library's own client:
 *   bm25s  BM25HF.load_from_hub: huggingface_hub (HF_ENDPOINT), the repository's info, then a snapshot of every file.
 *   keras  load_model("hf://..."): huggingface_hub.snapshot_download (HF_ENDPOINT). keras 3.15 needs TensorFlow for
 *          it: load_model first asks tf.io.gfile whether "hf://..." is a folder, and with the JAX backend alone raises
 *          "Handling remote paths requires installing TensorFlow (in order to use gfile)" (tried). So tensorflow-cpu
 *          is in .venv-libraries, and keras runs on its default backend, TensorFlow.
 *   spaCy  `pip install https://huggingface.co/.../en_core_web_sm-any-py3-none-any.whl` (sh): pip's vendored requests,
 *          which python-redirect/sitecustomize.py sends to the hub, installs into a throwaway venv that sees
 *          .venv-libraries' packages (its bin first on PATH; .venv-libraries is never written); then the python
 *          snippet runs with that venv's python.
 * Only 127.0.0.1 is contacted: HTTP(S)_PROXY name a closed port there, and the hub serves no host but huggingface.co.
 *
 * The pip that runs the sh snippet is the one Python 3.11's ensurepip bundles (23.2.1). pip 25.3 and later refuse
 * the wheel's file name, whose version is "any" (not PEP 440), as they refuse the Hub's real spaCy wheels: the last
 * test shows it with the newest pip on the index.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const buildRepos = fileURLToPath(new URL("../python/hub_more_repos.py", import.meta.url));
const RUN_TIMEOUT_MS = 180_000;

const record = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${name}.json`), "utf8")));
/** The fixtures run here, by library: each is served from the folder hub_more_repos.py makes under that name. */
const libraries = ["bm25s", "keras", "spacy"] as const;
type Library = (typeof libraries)[number];
const records = Object.fromEntries(libraries.map((name) => [name, record(name)])) as Record<Library, ModelRecord>;

/** The files each snippet must download: all of a bm25s or keras repository (a snapshot), spaCy's wheel only. */
const expectedDownloads: Record<Library, string[]> = {
  bm25s: [
    "corpus.jsonl",
    "corpus.mmindex.json",
    "data.csc.index.npy",
    "indices.csc.index.npy",
    "indptr.csc.index.npy",
    "params.index.json",
    "vocab.index.json",
  ],
  keras: ["config.json", "metadata.json", "model.weights.h5"],
  spacy: ["en_core_web_sm-any-py3-none-any.whl"],
};

/** A printed name, and the distribution of the same import package that the machine's index has instead. */
const SAME_PACKAGE: Record<string, string> = { tensorflow: "tensorflow-cpu" };

const available = venvHas(
  ["bm25s", "keras", "tensorflow", "spacy", "build"],
  librariesPython,
  "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries",
);

describe.skipIf(!available)("bm25s, keras and spaCy snippets run online against the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-hub-more-"));
  const runs = new Map<Library, SnippetRun[]>();
  const downloads = new Map<Library, string[]>();
  let setup = "";
  let hub: LocalHub | undefined;
  let pipVenv: ThrowawayVenv | undefined;
  let newestPip: { version: string; run: SnippetRun } | undefined;

  /** The environment of every run: the local Hub, a fresh cache, no route anywhere else, and keras' own folders. */
  const baseEnv = (hub: LocalHub): Record<string, string> => ({
    ...localHubEnv(hub, join(scratch, "home")),
    KERAS_HOME: join(scratch, "keras"),
    TF_CPP_MIN_LOG_LEVEL: "2",
  });

  /** What the sh snippet's `pip` needs: the throwaway venv first on PATH, and pip's requests sent to the hub. */
  const pipEnv = (venv: ThrowawayVenv, origin: string, cache: string): Record<string, string> => ({
    PATH: `${venv.bin}:${process.env.PATH ?? ""}`,
    PYTHONPATH: pythonRedirect,
    HUB_SNIPPETS_TEST_ORIGIN: origin,
    PIP_CACHE_DIR: cache,
    PIP_NO_INDEX: "1",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
  });

  beforeAll(async () => {
    const reposDir = join(scratch, "repos");
    const [built, venv, newest] = await Promise.all([
      runProcess(librariesPython, [buildRepos, reposDir], { env: { ...localIndexEnv(), TF_CPP_MIN_LOG_LEVEL: "2" }, timeoutMs: 300_000 }),
      makeThrowawayVenv(join(scratch, "pip-venv"), librariesPython),
      makeThrowawayVenv(join(scratch, "newest-pip-venv"), librariesPython).then(async (made) => {
        await installPip(made.python, "pip>=25.3");
        return made;
      }),
    ]);
    if (built.code !== 0) {
      setup = `hub_more_repos.py failed: ${built.stderr.slice(-3000)}`;
      return;
    }
    pipVenv = venv;
    hub = await startLocalHub(
      libraries.map((name) => {
        const { id, library_name, pipeline_tag, tags } = records[name];
        return { id, dir: join(reposDir, name), info: { library_name, pipeline_tag, tags } };
      }),
    );
    const env = baseEnv(hub);
    const spacyEnv = { ...env, ...pipEnv(venv, hub.origin, join(scratch, "pip-cache")) };
    /** Runs a fixture's snippets in order (spaCy's: the sh one, pip install, then the python one). */
    const runLibrary = async (name: Library, python: string, runEnv: Record<string, string>) => {
      for (const snippet of getLibrarySnippets(records[name])) {
        const run = await runSnippet(snippet, { python, env: runEnv, timeoutMs: RUN_TIMEOUT_MS });
        runs.set(name, [...(runs.get(name) ?? []), run]);
      }
    };
    // keras (TensorFlow's import dominates) beside bm25s then spaCy: the machine has two cores.
    await Promise.all([
      runLibrary("keras", librariesPython, env),
      runLibrary("bm25s", librariesPython, env).then(() => runLibrary("spacy", venv.python, spacyEnv)),
    ]);
    for (const name of libraries) downloads.set(name, hub.downloads(records[name].id));

    // The same sh snippet with the newest pip on the index, against the same hub, from a cold cache.
    const [sh] = getLibrarySnippets(records.spacy);
    const newestEnv = { ...env, ...pipEnv(newest, hub.origin, join(scratch, "newest-pip-cache")) };
    newestPip = { version: await pipVersion(newest.python), run: await runSnippet(sh!, { python: newest.python, env: newestEnv, timeoutMs: RUN_TIMEOUT_MS }) };
  }, 900_000);

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
    const executed = libraries.filter((name) => {
      const results = runs.get(name) ?? [];
      return results.length > 0 && results.length === getLibrarySnippets(records[name]).length && results.every((run) => run.code === 0);
    });
    console.log(`library snippets executed online against the local Hub (more): ${executed.length} libraries (${executed.join(", ")})`);
  });

  const succeeded = (run: SnippetRun | undefined) => ({ code: run?.code, stderr: run?.code === 0 ? "" : run?.stderr.slice(-2000) });

  it("makes the tiny repositories with the libraries themselves", () => {
    expect(setup).toBe("");
  });

  it("bm25s: BM25HF.load_from_hub downloads the index and its corpus, and the query retrieves", () => {
    const [run] = runs.get("bm25s") ?? [];
    expect(succeeded(run)).toEqual({ code: 0, stderr: "" });
    const lines = run!.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\d+\.\d\d \{'id': \d+, 'text': '.+'\}$/);
    // "capital" and "France" both occur in one document only: it ranks first.
    expect(lines[0]).toContain("'text': 'Paris is the capital of France.'");
    expect(downloads.get("bm25s")).toEqual(expectedDownloads.bm25s);
  });

  it("keras: load_model('hf://...') downloads the saved model and summarizes it", () => {
    const [run] = runs.get("keras") ?? [];
    expect(succeeded(run)).toEqual({ code: 0, stderr: "" });
    expect(run!.stdout).toContain('Model: "mnist_example"');
    // Flatten (28*28) -> Dense(4) -> Dense(10): 784*4+4 + 4*10+10 parameters.
    expect(run!.stdout).toMatch(/Total params: 3,190\b/);
    expect(downloads.get("keras")).toEqual(expectedDownloads.keras);
  });

  it("spaCy: pip installs the pipeline's wheel from the Hub URL, and spacy.load finds its entities", () => {
    const [install, load] = runs.get("spacy") ?? [];
    expect(getLibrarySnippets(records.spacy).map((snippet) => snippet.language)).toEqual(["sh", "python"]);
    expect(succeeded(install)).toEqual({ code: 0, stderr: "" });
    expect(install!.stdout).toContain("Successfully installed en-core-web-sm-3.8.0");
    expect(downloads.get("spacy")).toEqual(expectedDownloads.spacy);
    // Into the throwaway venv only: .venv-libraries is left as it was.
    expect(existsSync(join(pipVenv!.sitePackages, "en_core_web_sm"))).toBe(true);
    expect(existsSync(join(pipVenv!.baseSitePackages, "en_core_web_sm"))).toBe(false);
    expect(succeeded(load)).toEqual({ code: 0, stderr: "" });
    expect(load!.stdout).toBe("Sarah PERSON\nLondon GPE\n");
  });

  it("the hub answered every request, each for one of the three repositories (or huggingface_hub's agent registry)", () => {
    const requests = hub?.requests ?? [];
    expect(
      requests.filter((request) => request.unrouted || request.status >= 400).map((request) => `${request.method} ${request.path} ${request.status}`),
    ).toEqual([]);
    const ids = libraries.map((name) => records[name].id);
    for (const { path } of requests) {
      const local = path.replace(/^\/__host\/huggingface\.co/, "");
      const ours =
        local === "/api/agent-harnesses" ||
        local.startsWith("/__lfs/") ||
        ids.some((id) => local.startsWith(`/api/models/${id}`) || local.startsWith(`/${id}/`));
      expect(ours, path).toBe(true);
    }
  });

  it("installs what the snippets' install lines name (tensorflow as tensorflow-cpu, the index's only build of it)", () => {
    const installed = requirementNames(librariesRequirements);
    const lines = libraries.flatMap((name) => getLibrarySnippets(records[name]).flatMap((snippet) => (snippet.install ? [snippet.install] : [])));
    expect(lines.join("\n")).toContain("bm25s[hf]");
    const printed = lines.flatMap((line) => installedNames(line).pip);
    expect([...printed].sort()).toEqual(["bm25s", "huggingface-hub", "keras", "spacy", "spacy", "tensorflow"]);
    expect(printed.map(pypiName).filter((name) => !installed.has(SAME_PACKAGE[name] ?? name))).toEqual([]);
    // Extras as printed, too: bm25s[hf] brings huggingface_hub.
    expect(readFileSync(librariesRequirements, "utf8")).toMatch(/^bm25s\[hf\]$/m);
  });

  it("note: pip 25.3 and later refuse the wheel's file name (version 'any'), so the sh snippet needs an older pip", () => {
    const [major, minor] = (newestPip?.version ?? "0.0").split(".").map(Number);
    expect(major! > 25 || (major === 25 && minor! >= 3), `newest pip ${newestPip?.version}`).toBe(true);
    expect(newestPip?.run.code).not.toBe(0);
    expect(newestPip?.run.stderr).toContain("Invalid wheel filename (invalid version): 'en_core_web_sm-any-py3-none-any'");
  });
});
