// Bundles the CLI and the library into dist/. Ink and React stay in their own chunk, loaded only on a terminal.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";

rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: "src/cli/main.ts", index: "src/index.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  define: { "process.env.NODE_ENV": '"production"' },
  // Chunks stay beside the entries: src/paths.ts resolves data/ one level up from whichever file holds it.
  chunkNames: "[name]-[hash]",
  logLevel: "warning",
});

// Type declarations for the library API (dist/index.d.ts and what it references).
execFileSync(process.execPath, [new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname, "-p", "tsconfig.build.json"], {
  stdio: "inherit",
});
