import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { skipNoticesVariable } from "./helpers/skip-notice.js";

/**
 * Before any test starts: builds dist/ once when the sources changed since it was built (scripts/prepare.mjs
 * compares their fingerprint), so the tests that run the CLI all run one build and none meets a dist/ being rebuilt
 * under it; and gathers the skip notices of the run (test/helpers/skip-notice.ts), printed once after the results.
 */
export default function setUp(): () => void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/prepare.mjs", import.meta.url))], { stdio: "inherit" });
  const folder = mkdtempSync(join(tmpdir(), "hub-snippets-notices-"));
  const file = join(folder, "notices.txt");
  // The workers inherit it: Vitest starts them after the global setup.
  process.env[skipNoticesVariable] = file;
  return () => {
    let notices: string[] = [];
    try {
      notices = [
        ...new Set(
          readFileSync(file, "utf8")
            .split("\n")
            .filter((line) => line !== ""),
        ),
      ];
    } catch {
      // no notice
    }
    rmSync(folder, { recursive: true, force: true });
    if (notices.length === 0) return;
    console.warn(`\nNOTICE: ${notices.length} group(s) of checks did not run on this machine:\n${notices.map((notice) => `  - ${notice}`).join("\n")}\n`);
  };
}
