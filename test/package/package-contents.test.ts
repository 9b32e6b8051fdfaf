import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { license?: string; keywords?: string[] };

describe("what the package ships for contributors and users (issue 43, 7)", () => {
  it("packs the MIT license it declares", () => {
    // --ignore-scripts: the listing alone, without prepack's build.
    const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8", timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    const [packed] = JSON.parse(result.stdout) as { files: { path: string }[] }[];
    expect(packed!.files.map((file) => file.path)).toContain("LICENSE");
    expect(manifest.license).toBe("MIT");
    const license = readFileSync(`${root}LICENSE`, "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 hub-snippets contributors\n/);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it("names keywords a search on the registry finds it by", () => {
    expect(manifest.keywords).toEqual(expect.arrayContaining(["huggingface", "hugging-face-hub", "inference", "snippets", "cli"]));
  });
});
