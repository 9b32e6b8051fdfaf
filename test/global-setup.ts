import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Builds dist/ once, before any test starts, when the sources changed since it was built (scripts/prepare.mjs
 * compares their fingerprint): the tests that run the CLI then all run one build, and none meets a dist/ that is
 * being rebuilt under it.
 */
export default function buildOnce(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/prepare.mjs", import.meta.url))], { stdio: "inherit" });
}
