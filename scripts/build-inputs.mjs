// What dist/ is built from, as one fingerprint: every file under bin/, data/, scripts/, src/ and templates/, the
// package and lock files and the TypeScript configurations, with the Node.js that builds (the build trains its code
// caches for it). The build writes it to dist/build-inputs.sha256 when it ends; scripts/prepare.mjs skips the build
// when it still matches.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const inputs = ["bin", "data", "scripts", "src", "templates", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];

/** Where the build leaves the fingerprint of its inputs (not packed: `files` in package.json leaves it out). */
export const buildStamp = join(root, "dist/build-inputs.sha256");

export function buildInputsFingerprint() {
  const hash = createHash("sha256").update(`${process.version}-${process.arch}\n`);
  const add = (path) => {
    const full = join(root, path);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) add(`${path}/${name}`);
    } else {
      hash.update(`${path}\0${stat.size}\0`).update(readFileSync(full));
    }
  };
  for (const input of inputs) add(input);
  return hash.digest("hex");
}
