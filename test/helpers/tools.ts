import { spawnSync } from "node:child_process";
import { skipNotice } from "./skip-notice.js";

/**
 * Whether a Debian tool the tests need is on PATH. Missing tools skip their tests with a visible notice,
 * except under CI=true, where .ci/run installs them and a missing one must fail the run.
 */
export function hasTool(name: string): boolean {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).status === 0;
  if (!found) {
    if (process.env.CI === "true") throw new Error(`${name} is required under CI=true (.ci/run installs it)`);
    skipNotice(`${name} is not installed; its checks are skipped (apt-get install -y ${name})`);
  }
  return found;
}
