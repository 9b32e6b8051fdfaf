import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import config from "../../vitest.config.js";
import { skipNotice, skipNoticesVariable } from "./skip-notice.js";

describe("the test run's own output", () => {
  const saved = process.env[skipNoticesVariable];
  afterEach(() => {
    if (saved === undefined) delete process.env[skipNoticesVariable];
    else process.env[skipNoticesVariable] = saved;
  });

  it("gathers skip notices for one summary at the end of a run, and prints one at once outside a run", () => {
    const folder = mkdtempSync(join(tmpdir(), "notices-"));
    const file = join(folder, "notices.txt");
    process.env[skipNoticesVariable] = file;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      skipNotice("tmux is not installed");
      expect(readFileSync(file, "utf8")).toBe("tmux is not installed\n");
      expect(warn).not.toHaveBeenCalled();
      delete process.env[skipNoticesVariable];
      skipNotice("zsh is not installed");
      expect(warn).toHaveBeenCalledWith("NOTICE: zsh is not installed");
    } finally {
      warn.mockRestore();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("sets no esbuild options, which Vite ignores for oxc's with a warning on every run", () => {
    expect(config).not.toHaveProperty("esbuild");
    expect(config).toHaveProperty("oxc.jsx.runtime", "automatic");
  });
});
