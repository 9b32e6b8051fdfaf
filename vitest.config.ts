import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
  esbuild: { jsx: "automatic" },
});
