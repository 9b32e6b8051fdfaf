import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest's default, one worker fewer than the cores, is a single worker on CI's two: the suite then ran its files
    // one after another (862 s for 772 s of tests), while most of them wait on the processes and servers they start.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
  // Vite transforms with oxc (esbuild's options are ignored, with a warning on every run): React's automatic runtime.
  oxc: { jsx: { runtime: "automatic" } },
});
