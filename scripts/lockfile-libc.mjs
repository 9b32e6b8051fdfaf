// npm 11 writes a "libc" field for the platform packages of the lockfile (glibc or musl builds), npm 10 (the npm of
// Node 20 and 22) drops them when it installs: `npm install` with npm 10 in a fresh clone left package-lock.json
// modified by those fields alone, which a contributor then commits by accident. scripts/prepare.mjs, which npm runs
// after it has written the lockfile, puts the committed lockfile back when that is the only difference.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const withoutLibc = (text) => JSON.stringify(JSON.parse(text), (key, value) => (key === "libc" ? undefined : value));

/** Restores the committed package-lock.json of a git clone at `root` when the installed one differs only in "libc" fields; says whether it did. */
export function restoreLockfileLibc(root) {
  const file = join(root, "package-lock.json");
  let committed;
  let current;
  try {
    committed = execFileSync("git", ["show", "HEAD:package-lock.json"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    current = readFileSync(file, "utf8");
  } catch {
    // Not a git clone (a packed tarball), or no lockfile: nothing to restore.
    return false;
  }
  if (current === committed || withoutLibc(current) !== withoutLibc(committed)) return false;
  writeFileSync(file, committed);
  return true;
}
