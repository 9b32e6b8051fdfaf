/*
 * A release of an upstream package, fetched from the npm registry with npm itself (`npm pack`, `npm view`) into a
 * cache folder and unpacked with tar, so a second run needs no network. @huggingface/inference is unpacked once
 * per @huggingface/tasks it is read with, beside a node_modules holding that release and our @huggingface/jinja.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { RadarError } from "./arguments.js";

export const tasksName = "@huggingface/tasks";
export const inferenceName = "@huggingface/inference";

/** Where fetched releases stay between runs: HUB_SNIPPETS_UPSTREAM_CACHE, or a folder of the OS's temp dir. */
export function cacheDir(): string {
  return process.env["HUB_SNIPPETS_UPSTREAM_CACHE"] ?? join(tmpdir(), "hub-snippets-upstream");
}

function npm(args: readonly string[], cwd: string): string {
  return execFileSync("npm", [...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" },
  });
}

/** npm's own reason: its first error line that says more than a code ("No matching version found for …"). */
function npmReason(error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? "");
  const lines = stderr
    .split("\n")
    .filter((text) => /^npm (error|ERR!)/.test(text))
    .map((text) =>
      text
        .replace(/^npm (error|ERR!)\s*/, "")
        .replace(/^notarget\s+/, "")
        .trim(),
    )
    .filter((text) => text !== "" && !/^(A complete log|In most cases|errno|syscall)/.test(text));
  const said = lines.find((text) => !text.startsWith("code ")) ?? lines[0];
  return said ?? (String((error as Error).message).split("\n")[0] || "npm failed");
}

/** The newest version the registry has (`npm view <name> version`). */
export function newestVersion(name: string): string {
  try {
    return npm(["view", name, "version"], tmpdir()).trim();
  } catch (error) {
    throw new RadarError(`cannot ask the npm registry for the newest ${name}: ${npmReason(error)}`);
  }
}

const slug = (name: string) => name.replace(/^@/, "").replace("/", "-");

/** The tarball of name@version in the cache, fetched by `npm pack` when it is not there yet. */
function tarball(name: string, version: string): string {
  const folder = join(cacheDir(), "tarballs");
  const file = join(folder, `${slug(name)}-${version}.tgz`);
  if (existsSync(file)) return file;
  // Packed into a scratch folder and moved into place: an interrupted fetch leaves no partial tarball in the cache.
  const scratch = join(folder, `.partial-${process.pid}`);
  try {
    mkdirSync(scratch, { recursive: true });
  } catch (error) {
    throw new RadarError(`cannot make the cache folder ${folder} (HUB_SNIPPETS_UPSTREAM_CACHE): ${(error as Error).message}`);
  }
  try {
    npm(["pack", `${name}@${version}`, "--pack-destination", scratch], scratch);
    const packed = join(scratch, basename(file));
    if (!existsSync(packed)) throw new RadarError(`${name}@${version}: npm pack wrote no ${basename(file)}`);
    renameSync(packed, file);
  } catch (error) {
    if (error instanceof RadarError) throw error;
    throw new RadarError(`${name}@${version} cannot be fetched from the npm registry: ${npmReason(error)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return file;
}

/** Unpacks a tarball into folder/package, once: into a scratch folder first, so a half-unpacked copy is never read. */
function unpacked(file: string, folder: string): string {
  const packageDir = join(folder, "package");
  if (existsSync(join(packageDir, "package.json"))) return packageDir;
  const scratch = `${folder}.partial-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  execFileSync("tar", ["-xzf", file, "-C", scratch], { stdio: ["ignore", "ignore", "pipe"] });
  mkdirSync(folder, { recursive: true });
  rmSync(packageDir, { recursive: true, force: true });
  renameSync(join(scratch, "package"), packageDir);
  rmSync(scratch, { recursive: true, force: true });
  return packageDir;
}

/** The project's own copy of a package (the pinned release npm installed), when it is that version. */
function installed(name: string, version: string, projectRoot: string): string | undefined {
  const dir = join(projectRoot, "node_modules", name);
  return existsSync(join(dir, "package.json")) && packageVersion(dir) === version ? realpathSync(dir) : undefined;
}

/** The folder of @huggingface/tasks@version: ours when it is the installed one, else fetched and unpacked. */
export function tasksRelease(version: string, projectRoot: string): string {
  return installed(tasksName, version, projectRoot) ?? unpacked(tarball(tasksName, version), join(cacheDir(), `tasks-${version}`));
}

/**
 * The folder of @huggingface/inference@version, unpacked beside a node_modules that resolves its @huggingface/tasks
 * to the release unpacked at tasksDir and its @huggingface/jinja to ours (it renders its templates with it); the
 * installed copy where both are the installed versions.
 */
export function inferenceRelease(version: string, tasksVersion: string, tasksDir: string, projectRoot: string): string {
  // The installed copy resolves the installed @huggingface/tasks (test/catalogue/oracle.test.ts holds them one pair).
  const own = installed(inferenceName, version, projectRoot);
  if (own && installed(tasksName, tasksVersion, projectRoot) === tasksDir) return own;
  const packageDir = unpacked(tarball(inferenceName, version), join(cacheDir(), `inference-${version}+tasks-${tasksVersion}`));
  const scope = join(packageDir, "node_modules", "@huggingface");
  mkdirSync(scope, { recursive: true });
  const links: [string, string][] = [
    ["tasks", tasksDir],
    ["jinja", realpathSync(join(projectRoot, "node_modules", "@huggingface", "jinja"))],
  ];
  for (const [name, target] of links) {
    const link = join(scope, name);
    if (existsSync(link) && realpathSync(link) === target) continue;
    // A link left dangling (its target's cache folder removed) or pointing elsewhere is made again.
    rmSync(link, { recursive: true, force: true });
    symlinkSync(target, link, "dir");
  }
  return packageDir;
}

/** The version a package.json says, to check a release unpacked is the one asked for. */
export function packageVersion(packageDir: string): string {
  return (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;
}
