// Builds dist/: the library (dependencies left to the consumer) and the CLI (one bundle, loaded fast).
import { analyzeMetafile, build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";

rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });

const shared = {
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Prefer packages' ES module builds (jsonc-parser's main is a UMD file that requires by relative path).
  mainFields: ["module", "main"],
  // Chunks stay beside the entries: src/paths.ts resolves data/ one level up from whichever file holds it.
  logLevel: "warning",
};

await build({ ...shared, entryPoints: { index: "src/index.ts" }, packages: "external", chunkNames: "lib-[hash]" });

// The CLI bundles its dependencies: one file parses faster than hundreds of modules resolved one by one.
// Ink, React and the highlighter land in chunks that only a terminal run imports. clipboardy stays outside,
// since it runs a helper binary that ships next to its own files.
const cli = await build({
  ...shared,
  entryPoints: { cli: "src/cli/main.ts" },
  chunkNames: "cli-[name]-[hash]",
  external: ["clipboardy"],
  metafile: true,
  minify: true,
  define: { "process.env.NODE_ENV": '"production"' },
  // Ink imports react-devtools-core only when DEV is set; it is not a dependency.
  alias: {
    "react-devtools-core": "./scripts/empty-module.mjs",
    "string-width": "./scripts/string-width-ascii.mjs",
    "string-width-real": "./node_modules/string-width/index.js",
  },
  // Bundled CommonJS code calls require() for Node built-ins.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
});

if (process.env.BUILD_ANALYZE) console.log(await analyzeMetafile(cli.metafile));

// Type declarations for the library API (dist/index.d.ts and what it references).
execFileSync(process.execPath, [new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname, "-p", "tsconfig.build.json"], {
  stdio: "inherit",
});
