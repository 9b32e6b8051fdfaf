import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join, relative, sep } from "node:path";

/*
 * A local Hugging Face Hub for the test suite, on 127.0.0.1: it serves tiny repositories from folders, as the Hub's
 * HTTP API does, closely enough that the real clients (huggingface_hub and the hf CLI through HF_ENDPOINT; pip,
 * transformers.js and node-llama-cpp through the suite's redirect hooks, which keep the original host in the path as
 * /__host/huggingface.co/...) download from it unchanged. The product itself never talks to a Hub.
 *
 * What it answers, and what it refuses as the Hub does (X-Error-Code and X-Error-Message headers, which
 * huggingface_hub turns into its own exceptions):
 *   GET  /api/models/<id>[/revision/<rev>]          model info: sha, siblings (with sizes under ?blobs=true), gated, private
 *                                                   (<rev>: main, a branch such as refs/convert/parquet, or a commit)
 *   GET  /api/models/<id>/tree/<rev>[/<path>]       the file tree (?recursive=true for every file under path)
 *   GET|HEAD /<id>/resolve/<rev>/<path>             a file: X-Repo-Commit, ETag, Content-Length; large (LFS) files
 *                                                   answer 302 to a content address, with X-Linked-Etag / X-Linked-Size
 *   the same under /api/datasets/<id> and /datasets/<id>/resolve/... for a dataset repository (type: "dataset")
 *   GET  /api/agent-harnesses                      an empty registry (huggingface_hub 2 asks for it, best effort)
 *   GET|HEAD /__lfs/<sha256>?repo=&file=            an LFS file's bytes (Range requests answered with 206), at
 *                                                   http://localhost:<port>, a host other than the API's, as the CDN is
 * Refusals: an unknown repository (401 RepoNotFound without a token, 404 with one), a private repository without the
 * token, a gated repository's files without the token (401 GatedRepo), an unknown revision (404 RevisionNotFound), a
 * missing file (404 EntryNotFound), a token that is not the hub's (401).
 */

export interface LocalHubRepo {
  /** The repository id, "owner/name". */
  id: string;
  /** The folder whose files (recursively) are the repository's. */
  dir: string;
  /** A dataset repository is served under /datasets/<id>/ (and /api/datasets/<id>); a model repository by default. */
  type?: "model" | "dataset";
  /** A gated repository serves its files only to a request carrying the hub's token. */
  gated?: "auto" | "manual";
  /** A private repository answers nothing, not even its info, without the token. */
  private?: boolean;
  /** Extra fields of the model info answer (library_name, pipeline_tag, tags, ...). */
  info?: Record<string, unknown>;
  /** Branches beside main, each a folder of its own files: `refs/convert/parquet`, the Hub's parquet conversion. */
  branches?: Record<string, string>;
}

export interface HubRequest {
  method: string;
  /** The path as received, query string included (a redirected client's keeps its /__host/<host> prefix). */
  path: string;
  status: number;
  /** True when the request carried the hub's token. */
  authorized: boolean;
  /** True when no route of the hub's answers it (a client asking for something this hub does not serve yet). */
  unrouted: boolean;
}

export interface LocalHub {
  /** e.g. "http://127.0.0.1:43123": what HF_ENDPOINT names. */
  readonly origin: string;
  /** The token the hub accepts (HF_TOKEN for runs that may open gated or private repositories). */
  readonly token: string;
  /** Every request, in arrival order. */
  readonly requests: HubRequest[];
  /** The commit sha each repository's `main` resolves to (a dataset's id is written "datasets/<id>" here). */
  commitOf(repoId: string): string;
  /** The paths of the files downloaded (GET answered 200/206, or 302 to the content) from one repository ("datasets/<id>" for a dataset). */
  downloads(repoId: string): string[];
  close(): Promise<void>;
}

interface HubFile {
  path: string;
  size: number;
  /** The git blob id (sha1 of "blob <size>\0<bytes>"). */
  oid: string;
  /** The sha256 of the bytes, for files the Hub stores with LFS. */
  lfs?: string;
  absolute: string;
}

/** The files of one revision of a repository, and its commit. */
interface Snapshot {
  sha: string;
  files: HubFile[];
}

interface ServedRepo extends LocalHubRepo, Snapshot {
  /** Every revision, by branch name and by commit sha: main's, and each branch's. */
  revisions: Map<string, Snapshot>;
}

export const LOCAL_HUB_TOKEN = "hf_local_hub_test_token";

/** Files the Hub would store with LFS: weights and archives by extension, and anything over 1 MB. */
const LFS_EXTENSIONS = /\.(safetensors|bin|gguf|onnx|onnx_data|whl|pt|pth|h5|keras|joblib|pkl|npy|npz|msgpack|ckpt|model|zip|tar\.gz)$/;
const LFS_MIN_SIZE = 1024 * 1024;
const HUB_HOST_PREFIX = /^\/__host\/(?:www\.)?huggingface\.co(?=\/)/;
const LAST_MODIFIED = "2026-01-01T00:00:00.000Z";

/** How a repository is named in paths: its id for a model, "datasets/<id>" for a dataset. */
const pathKey = (repo: LocalHubRepo) => (repo.type === "dataset" ? `datasets/${repo.id}` : repo.id);

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.startsWith(".git/"))
    .sort();
}

function describeFile(dir: string, path: string): HubFile {
  const absolute = join(dir, path);
  const bytes = readFileSync(absolute);
  const oid = createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
  const stored = LFS_EXTENSIONS.test(path) || bytes.length >= LFS_MIN_SIZE;
  return { path, size: bytes.length, oid, absolute, ...(stored ? { lfs: createHash("sha256").update(bytes).digest("hex") } : {}) };
}

function snapshotOf(id: string, dir: string, branch: string): Snapshot {
  if (!statSync(dir).isDirectory()) throw new Error(`local hub: ${dir} is not a folder`);
  const files = listFiles(dir).map((path) => describeFile(dir, path));
  const tree = files.map((file) => `${file.path}\0${file.oid}`).join("\n");
  return { sha: createHash("sha1").update(`commit ${id} ${branch}\n${tree}`).digest("hex"), files };
}

function serveRepo(repo: LocalHubRepo): ServedRepo {
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo.id)) throw new Error(`local hub: '${repo.id}' is not an owner/name repository id`);
  const main = snapshotOf(repo.id, repo.dir, "main");
  const revisions = new Map<string, Snapshot>([
    ["main", main],
    [main.sha, main],
  ]);
  for (const [branch, dir] of Object.entries(repo.branches ?? {})) {
    const snapshot = snapshotOf(repo.id, dir, branch);
    revisions.set(branch, snapshot).set(snapshot.sha, snapshot);
  }
  return { ...repo, ...main, revisions };
}

/** A revision in a path: a special ref, slashes and all (`refs/convert/parquet`, `refs/pr/3`), else one segment. */
const REVISION = String.raw`(refs\/(?:convert\/[\w.-]+|pr\/\d+)|[^/]+)`;
const INFO_ROUTE = new RegExp(String.raw`^(?:revision\/${REVISION})?$`);
const TREE_ROUTE = new RegExp(String.raw`^tree\/${REVISION}(?:\/(.*))?$`, "s");
const RESOLVE_ROUTE = new RegExp(String.raw`^resolve\/${REVISION}\/(.+)$`, "s");

const NO_ROUTE = "the local hub has no route for";

function errorReply(res: ServerResponse, status: number, code: string | undefined, message: string): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "x-error-message": message,
    ...(code ? { "x-error-code": code } : {}),
  });
  res.end(body);
}

function jsonReply(res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Sends a file's bytes, honouring one `bytes=a-b` range. HEAD gets the headers only. */
function sendBytes(req: IncomingMessage, res: ServerResponse, file: HubFile, headers: Record<string, string>): number {
  const bytes = readFileSync(file.absolute);
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  let start = 0;
  let end = bytes.length - 1;
  let status = 200;
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), end) : end;
    if (start > end || start >= bytes.length) {
      res.writeHead(416, { "content-range": `bytes */${bytes.length}` });
      res.end();
      return 416;
    }
    status = 206;
    headers["content-range"] = `bytes ${start}-${end}/${bytes.length}`;
  }
  res.writeHead(status, {
    ...headers,
    "content-type": "application/octet-stream",
    "content-length": String(end - start + 1),
    "accept-ranges": "bytes",
  });
  res.end(req.method === "HEAD" ? undefined : bytes.subarray(start, end + 1));
  return status;
}

function siblingEntry(file: HubFile, blobs: boolean): Record<string, unknown> {
  if (!blobs) return { rfilename: file.path };
  return {
    rfilename: file.path,
    size: file.size,
    blobId: file.oid,
    ...(file.lfs ? { lfs: { sha256: file.lfs, size: file.size, pointerSize: 134 } } : {}),
  };
}

function treeEntries(repo: Snapshot, base: string, recursive: boolean): Record<string, unknown>[] | undefined {
  const prefix = base ? `${base}/` : "";
  if (base && !repo.files.some((file) => file.path.startsWith(prefix))) return undefined;
  const entries: Record<string, unknown>[] = [];
  const folders = new Set<string>();
  for (const file of repo.files) {
    if (!file.path.startsWith(prefix)) continue;
    const rest = file.path.slice(prefix.length);
    const slash = rest.indexOf("/");
    if (slash >= 0) {
      const folder = prefix + rest.slice(0, slash);
      if (!folders.has(folder)) {
        folders.add(folder);
        entries.push({ type: "directory", oid: createHash("sha1").update(folder).digest("hex"), size: 0, path: folder });
      }
      if (!recursive) continue;
    }
    entries.push({
      type: "file",
      oid: file.oid,
      size: file.size,
      path: file.path,
      ...(file.lfs ? { lfs: { oid: file.lfs, size: file.size, pointerSize: 134 } } : {}),
    });
  }
  return entries;
}

/** Starts the local Hub on 127.0.0.1 with an ephemeral port, serving these repositories. */
export async function startLocalHub(repos: LocalHubRepo[]): Promise<LocalHub> {
  const served = new Map(repos.map((repo) => [pathKey(repo), serveRepo(repo)]));
  const byLfs = new Map<string, HubFile>();
  for (const repo of served.values())
    for (const snapshot of repo.revisions.values()) for (const file of snapshot.files) if (file.lfs) byLfs.set(file.lfs, file);
  const requests: HubRequest[] = [];
  const sockets = new Set<Socket>();
  let origin = "";
  // LFS content is served as from another host (the Hub's CDN), so that huggingface_hub reads a file's metadata from
  // the 302 itself rather than following it: localhost, which is 127.0.0.1 on this machine (/etc/hosts).
  let contentOrigin = "";

  /** The repository a path after /api/models/ or / starts with ("datasets/<owner>/<name>" for a dataset), and the rest. */
  const repoAt = (rest: string): { repo?: ServedRepo; id: string; tail: string } => {
    const parts = rest.split("/");
    const length = parts[0] === "datasets" ? 3 : 2;
    const id = parts.slice(0, length).join("/");
    return { repo: served.get(id), id, tail: parts.slice(length).join("/") };
  };

  const handle = (req: IncomingMessage, res: ServerResponse, authorized: boolean, tokenSent: boolean, seen: { unrouted: boolean }): number => {
    const url = new URL(req.url ?? "/", "http://hub.invalid");
    const path = decodeURIComponent(url.pathname.replace(HUB_HOST_PREFIX, ""));
    if (/^\/__host\//.test(url.pathname) && !HUB_HOST_PREFIX.test(url.pathname)) {
      errorReply(res, 502, undefined, `the local hub serves huggingface.co only, not ${url.pathname.split("/")[2]}`);
      return 502;
    }
    if (tokenSent && !authorized) {
      errorReply(res, 401, undefined, "Invalid credentials in Authorization header");
      return 401;
    }
    const lfs = /^\/__lfs\/([0-9a-f]{64})$/.exec(path);
    if (lfs && (req.method === "GET" || req.method === "HEAD")) {
      const file = byLfs.get(lfs[1]!);
      if (!file) {
        errorReply(res, 404, undefined, "no such object");
        return 404;
      }
      return sendBytes(req, res, file, { etag: `"${file.lfs}"` });
    }

    // huggingface_hub (2.x) asks for the registry of AI agent harnesses, best effort; the Hub's answer, emptied.
    if (path === "/api/agent-harnesses" && req.method === "GET") {
      jsonReply(res, { standardEnvVars: [], harnesses: {} });
      return 200;
    }
    // A file path may hold any character, line breaks included (the s flag lets "." match them).
    const api = /^\/api\/(models|datasets)\/(.+)$/s.exec(path);
    const resolve = api ? undefined : /^\/(.+)$/s.exec(path);
    const { repo, id, tail } = repoAt(api ? (api[1] === "datasets" ? `datasets/${api[2]!}` : api[2]!) : (resolve?.[1] ?? ""));
    if (!repo || (repo.private && !authorized)) {
      if (api || /^resolve\//.test(tail)) {
        const status = tokenSent ? 404 : 401;
        errorReply(res, status, "RepoNotFound", `Repository Not Found for url: ${origin}${url.pathname}.`);
        return status;
      }
      seen.unrouted = true;
      errorReply(res, 404, undefined, `${NO_ROUTE} ${req.method} ${url.pathname}`);
      return 404;
    }

    const revisionOf = (rev: string) => repo.revisions.get(rev);
    const noRevision = (rev: string) => {
      errorReply(res, 404, "RevisionNotFound", `Invalid rev id: ${rev}`);
      return 404;
    };

    if (api && req.method === "GET") {
      const info = INFO_ROUTE.exec(tail);
      if (info) {
        const rev = info[1] ?? "main";
        const snapshot = revisionOf(rev);
        if (!snapshot) return noRevision(rev);
        const blobs = url.searchParams.get("blobs") === "true";
        jsonReply(res, {
          _id: createHash("md5").update(repo.id).digest("hex").slice(0, 24),
          id: repo.id,
          ...(repo.type === "dataset" ? {} : { modelId: repo.id }),
          author: repo.id.split("/")[0],
          sha: snapshot.sha,
          lastModified: LAST_MODIFIED,
          createdAt: LAST_MODIFIED,
          private: repo.private ?? false,
          gated: repo.gated ?? false,
          disabled: false,
          downloads: 0,
          likes: 0,
          tags: [],
          ...repo.info,
          siblings: snapshot.files.map((file) => siblingEntry(file, blobs)),
        });
        return 200;
      }
      const tree = TREE_ROUTE.exec(tail);
      if (tree) {
        const snapshot = revisionOf(tree[1]!);
        if (!snapshot) return noRevision(tree[1]!);
        const entries = treeEntries(snapshot, (tree[2] ?? "").replace(/\/$/, ""), url.searchParams.get("recursive") === "true");
        if (!entries) {
          errorReply(res, 404, "EntryNotFound", `${tree[2]} does not exist on "${tree[1]}"`);
          return 404;
        }
        jsonReply(res, entries);
        return 200;
      }
    }

    const file = RESOLVE_ROUTE.exec(tail);
    if (!api && file && (req.method === "GET" || req.method === "HEAD")) {
      const snapshot = revisionOf(file[1]!);
      if (!snapshot) return noRevision(file[1]!);
      const commit = snapshot.sha;
      if (repo.gated && !authorized) {
        errorReply(
          res,
          401,
          "GatedRepo",
          `Access to model ${repo.id} is restricted. You must have access to it and be authenticated to access it. Please log in.`,
        );
        return 401;
      }
      const entry = snapshot.files.find((candidate) => candidate.path === file[2]);
      if (!entry) {
        errorReply(res, 404, "EntryNotFound", "Entry not found");
        return 404;
      }
      if (entry.lfs) {
        res.writeHead(302, {
          // The CDN's signed URL names the file too (its response-content-disposition); here, repo and path.
          location: `${contentOrigin}/__lfs/${entry.lfs}?repo=${encodeURIComponent(pathKey(repo))}&file=${encodeURIComponent(entry.path)}`,
          "x-repo-commit": commit,
          "x-linked-etag": `"${entry.lfs}"`,
          "x-linked-size": String(entry.size),
          etag: `"${entry.oid}"`,
          "content-length": "0",
        });
        res.end();
        return 302;
      }
      return sendBytes(req, res, entry, { "x-repo-commit": commit, etag: `"${entry.oid}"` });
    }
    seen.unrouted = true;
    errorReply(res, 404, undefined, `${NO_ROUTE} ${req.method} ${url.pathname} (repository ${id})`);
    return 404;
  };

  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    const tokenSent = /^Bearer\s+\S/i.test(auth);
    const authorized = auth === `Bearer ${LOCAL_HUB_TOKEN}`;
    req.resume();
    let status = 500;
    const seen = { unrouted: false };
    try {
      status = handle(req, res, authorized, tokenSent, seen);
    } catch (error) {
      errorReply(res, 500, undefined, `local hub error: ${(error as Error).message}`);
    }
    requests.push({ method: req.method ?? "", path: req.url ?? "", status, authorized, unrouted: seen.unrouted });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolvePromise) => server.listen(0, "127.0.0.1", resolvePromise));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  contentOrigin = `http://localhost:${port}`;

  let closed: Promise<void> | undefined;
  return {
    origin,
    token: LOCAL_HUB_TOKEN,
    requests,
    commitOf(repoId) {
      const repo = served.get(repoId);
      if (!repo) throw new Error(`local hub: no repository ${repoId}`);
      return repo.sha;
    },
    downloads(repoId) {
      const repo = served.get(repoId);
      if (!repo) throw new Error(`local hub: no repository ${repoId}`);
      const paths = new Set<string>();
      for (const request of requests) {
        if (request.method !== "GET" || (request.status !== 200 && request.status !== 206)) continue;
        const url = new URL(request.path, "http://hub.invalid");
        const path = decodeURIComponent(url.pathname.replace(HUB_HOST_PREFIX, ""));
        const prefix = `/${repoId}/`;
        const resolved = path.startsWith(prefix) ? RESOLVE_ROUTE.exec(path.slice(prefix.length)) : null;
        if (resolved) paths.add(resolved[2]!);
        else if (path.startsWith("/__lfs/") && url.searchParams.get("repo") === repoId) paths.add(url.searchParams.get("file") ?? "");
      }
      return [...paths].sort();
    },
    close() {
      closed ??= new Promise<void>((resolvePromise) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolvePromise());
      });
      return closed;
    },
  };
}
