import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalHub, type LocalHub } from "./local-hub.js";
import { venvHas, venvPython } from "./python-venv.js";

/*
 * The local Hub is strict where the real Hub is: the real huggingface_hub downloads from it, and refuses what the Hub
 * refuses (an unknown repository, revision or file, a gated repository without a token), so a snippet that asks for
 * the wrong thing fails its run.
 */

const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-local-hub-"));
const repoDir = join(scratch, "repo");
const weights = Buffer.alloc(3000, 7);
let hub: LocalHub;

beforeAll(async () => {
  mkdirSync(join(repoDir, "sub"), { recursive: true });
  writeFileSync(join(repoDir, "config.json"), '{"model_type": "tiny"}\n');
  writeFileSync(join(repoDir, "model.safetensors"), weights);
  writeFileSync(join(repoDir, "sub", "notes.txt"), "hello\n");
  hub = await startLocalHub([
    { id: "tiny/model", dir: repoDir, info: { library_name: "transformers" } },
    { id: "tiny/gated", dir: repoDir, gated: "manual" },
    { id: "tiny/private", dir: repoDir, private: true },
    { id: "tiny/data", dir: join(repoDir, "sub"), type: "dataset" },
    { id: "tiny/converted", dir: join(repoDir, "sub"), type: "dataset", branches: { "refs/convert/parquet": repoDir } },
  ]);
});

afterAll(async () => {
  await hub.close();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${hub.origin}${path}`, { redirect: "manual", ...init });
const withToken = { headers: { authorization: `Bearer hf_local_hub_test_token` } };

describe("the local Hub's HTTP API", () => {
  it("answers model info with its commit and siblings, sizes under ?blobs=true", async () => {
    const info = (await (await get("/api/models/tiny/model?blobs=true")).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ id: "tiny/model", sha: hub.commitOf("tiny/model"), library_name: "transformers", gated: false, private: false });
    expect(info.siblings).toEqual([
      { rfilename: "config.json", size: 23, blobId: expect.stringMatching(/^[0-9a-f]{40}$/) },
      { rfilename: "model.safetensors", size: 3000, blobId: expect.any(String), lfs: expect.objectContaining({ size: 3000 }) },
      { rfilename: "sub/notes.txt", size: 6, blobId: expect.any(String) },
    ]);
  });

  it("serves a branch's own files at its own commit, the branch named with its slashes encoded as clients send it", async () => {
    const branch = encodeURIComponent("refs/convert/parquet");
    const info = (await (await get(`/api/datasets/tiny/converted/revision/${branch}`)).json()) as { sha: string; siblings: { rfilename: string }[] };
    expect(info.sha).not.toBe(hub.commitOf("datasets/tiny/converted"));
    expect(info.siblings.map((sibling) => sibling.rfilename)).toEqual(["config.json", "model.safetensors", "sub/notes.txt"]);
    const tree = (await (await get(`/api/datasets/tiny/converted/tree/${info.sha}/sub`)).json()) as { path: string }[];
    expect(tree.map((entry) => entry.path)).toEqual(["sub/notes.txt"]);
    const file = await get(`/datasets/tiny/converted/resolve/${branch}/config.json`);
    expect([file.status, file.headers.get("x-repo-commit"), await file.text()]).toEqual([200, info.sha, '{"model_type": "tiny"}\n']);
    // main holds only its own files; an unknown branch is refused.
    expect((await get(`/datasets/tiny/converted/resolve/main/config.json`)).status).toBe(404);
    expect((await get(`/api/datasets/tiny/converted/revision/${encodeURIComponent("refs/convert/duckdb")}`)).headers.get("x-error-code")).toBe(
      "RevisionNotFound",
    );
    expect(hub.downloads("datasets/tiny/converted")).toEqual(["config.json"]);
  });

  it("lists the tree, a folder's children or every file", async () => {
    const top = (await (await get(`/api/models/tiny/model/tree/main`)).json()) as { path: string; type: string }[];
    expect(top.map((entry) => `${entry.type} ${entry.path}`)).toEqual(["file config.json", "file model.safetensors", "directory sub"]);
    const all = (await (await get(`/api/models/tiny/model/tree/${hub.commitOf("tiny/model")}?recursive=true`)).json()) as { path: string }[];
    expect(all.map((entry) => entry.path)).toContain("sub/notes.txt");
  });

  it("serves small files with their commit and ETag, and large ones by a 302 with the linked ETag and size", async () => {
    const small = await get("/tiny/model/resolve/main/config.json", { method: "HEAD" });
    expect(small.status).toBe(200);
    expect(small.headers.get("x-repo-commit")).toBe(hub.commitOf("tiny/model"));
    expect(small.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
    const large = await get("/tiny/model/resolve/main/model.safetensors");
    expect(large.status).toBe(302);
    expect(large.headers.get("x-linked-size")).toBe("3000");
    const bytes = Buffer.from(await (await fetch(large.headers.get("location")!, { headers: { range: "bytes=10-19" } })).arrayBuffer());
    expect(bytes).toEqual(weights.subarray(10, 20));
  });

  it("refuses an unknown repository, revision or file, a gated repository's files without the token, and a private repository", async () => {
    const refusal = async (path: string, init?: RequestInit) => {
      const response = await get(path, init);
      return `${response.status} ${response.headers.get("x-error-code")}`;
    };
    expect(await refusal("/api/models/tiny/nothing")).toBe("401 RepoNotFound");
    expect(await refusal("/api/models/tiny/nothing", withToken)).toBe("404 RepoNotFound");
    expect(await refusal("/tiny/model/resolve/v2/config.json")).toBe("404 RevisionNotFound");
    expect(await refusal("/api/models/tiny/model/revision/v2")).toBe("404 RevisionNotFound");
    expect(await refusal("/tiny/model/resolve/main/missing.json")).toBe("404 EntryNotFound");
    expect(await refusal("/tiny/gated/resolve/main/config.json")).toBe("401 GatedRepo");
    expect(await refusal("/tiny/gated/resolve/main/config.json", withToken)).toBe("200 null");
    expect(await refusal("/api/models/tiny/private")).toBe("401 RepoNotFound");
    expect(await refusal("/api/models/tiny/private", withToken)).toBe("200 null");
    expect(await refusal("/tiny/model/resolve/main/config.json", { headers: { authorization: "Bearer hf_wrong" } })).toBe("401 null");
    expect(await refusal("/__host/example.com/tiny/model/resolve/main/config.json")).toBe("502 null");
  });

  it("marks a request outside its routes as unrouted, and a refusal as routed", async () => {
    await get("/api/spaces/tiny/model");
    await get("/tiny/model/resolve/main/missing.json");
    expect(hub.requests.slice(-2).map((request) => request.unrouted)).toEqual([true, false]);
  });

  it("takes a redirected client's path, which keeps huggingface.co in it", async () => {
    const response = await get("/__host/huggingface.co/tiny/model/resolve/main/sub/notes.txt");
    expect(await response.text()).toBe("hello\n");
  });

  it("serves a dataset repository under /datasets/, and not as a model", async () => {
    const response = await get("/__host/huggingface.co/datasets/tiny/data/resolve/main/notes.txt");
    expect(await response.text()).toBe("hello\n");
    expect(response.headers.get("x-repo-commit")).toBe(hub.commitOf("datasets/tiny/data"));
    const info = (await (await get("/api/datasets/tiny/data")).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ id: "tiny/data", siblings: [{ rfilename: "notes.txt" }] });
    expect((await get("/tiny/data/resolve/main/notes.txt")).headers.get("x-error-code")).toBe("RepoNotFound");
    expect((await get("/api/models/tiny/data")).status).toBe(401);
    expect(hub.downloads("datasets/tiny/data")).toEqual(["notes.txt"]);
  });
});

const hasHubClient = venvHas(["huggingface_hub"]);

describe.skipIf(!hasHubClient)("the real huggingface_hub against the local Hub", () => {
  // Asynchronous: the hub answers from this process, so a synchronous spawn would wait on itself.
  const python = async (code: string, env: Record<string, string> = {}) => {
    const result = await promisify(execFile)(venvPython, ["-c", code], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: scratch, HF_HOME: join(scratch, "hf-home"), HF_ENDPOINT: hub.origin, HF_HUB_DISABLE_TELEMETRY: "1", ...env },
    });
    return { out: result.stdout.trim(), err: result.stderr };
  };

  it("downloads a whole repository with snapshot_download, every file the repository holds", async () => {
    const run = await python("from huggingface_hub import snapshot_download; import os; p = snapshot_download('tiny/model'); print(sorted(os.listdir(p)))");
    expect(run.err).not.toMatch(/Error/);
    expect(run.out).toBe("['config.json', 'model.safetensors', 'sub']");
    expect(hub.downloads("tiny/model")).toEqual(["config.json", "model.safetensors", "sub/notes.txt"]);
  });

  it("raises the Hub's errors: a wrong file name, a wrong revision, a gated repository without a token", async () => {
    const download = async (args: string, env?: Record<string, string>) =>
      (
        await python(
          `from huggingface_hub import hf_hub_download\ntry:\n    hf_hub_download(${args})\nexcept Exception as error:\n    print(type(error).__name__)`,
          env,
        )
      ).out;
    expect(await download("'tiny/model', 'config.jsn'")).toMatch(/^(Remote)?EntryNotFoundError$/);
    expect(await download("'tiny/model', 'config.json', revision='v2'")).toBe("RevisionNotFoundError");
    expect(await download("'tiny/nothing', 'config.json'")).toBe("RepositoryNotFoundError");
    expect(await download("'tiny/gated', 'config.json'")).toBe("GatedRepoError");
    expect(await download("'tiny/gated', 'config.json'", { HF_TOKEN: hub.token })).toBe("");
  });
});
