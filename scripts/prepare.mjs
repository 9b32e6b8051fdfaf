// npm's `prepare` script: builds dist/ after `npm install` in a clone, unless dist/ was built from the very same
// inputs (scripts/build-inputs.mjs). `npx hub-snippets` in a clone runs it too: npx installs the project it is run in
// into its own cache (~/.npm/_npx/) as a link, and npm runs a linked folder's `prepare`; a full build there made the
// first `npx hub-snippets` after `npm install` take 12-13 s. `npm run build` always builds.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildInputsFingerprint, buildStamp } from "./build-inputs.mjs";
import { restoreLockfileLibc } from "./lockfile-libc.mjs";

// The commit convention's hook (.githooks/commit-msg), in a clone whose git has no hooks folder of its own set.
const root = fileURLToPath(new URL("../", import.meta.url));
if (existsSync(join(root, ".git")) && existsSync(join(root, ".githooks"))) {
  try {
    const current = spawnSync("git", ["config", "--get", "core.hooksPath"], { cwd: root, encoding: "utf8" });
    if (current.status === 1) spawnSync("git", ["config", "core.hooksPath", ".githooks"], { cwd: root });
  } catch {
    // no git: nothing to install
  }
}

if (restoreLockfileLibc(fileURLToPath(new URL("../", import.meta.url)))) {
  console.log("hub-snippets: package-lock.json put back as committed (this npm dropped its libc fields only)");
}

let built = "";
try {
  built = readFileSync(buildStamp, "utf8").trim();
} catch {
  // never built
}
if (built === buildInputsFingerprint()) {
  console.log("hub-snippets: dist/ is built from the current sources and this Node.js; build skipped (npm run build forces one)");
} else {
  execFileSync(process.execPath, [fileURLToPath(new URL("build.mjs", import.meta.url))], { stdio: "inherit" });
}
