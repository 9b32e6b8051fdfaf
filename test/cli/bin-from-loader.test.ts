import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script, plain JavaScript without declarations.
import { binFile, binText } from "../../scripts/cli-bundle/write-bin.mjs";

// bin/hub-snippets.cjs is the loader's code (scripts/cli-bundle/loader.cjs) written by the build: an edit of the
// loader that no build has written into the bin yet would leave the CLI running the old loader.
describe("bin/hub-snippets.cjs", () => {
  it("holds the loader's code as the build writes it, finding dist/ from its own folder", () => {
    const bin = readFileSync(binFile as string, "utf8");
    expect(bin).toBe((binText as () => string)());
    expect(bin.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(bin).toContain('const dist = join(__dirname, "..", "dist");');
    expect(bin.trimEnd().endsWith("startCli();")).toBe(true);
  });

  it("is executable", () => {
    expect(statSync(binFile as string).mode & 0o111).not.toBe(0);
  });
});
