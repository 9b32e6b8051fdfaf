// Builds dist/: the library (dependencies left to the consumer) and the CLI (one bundle, loaded fast).
import { analyzeMetafile, build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";

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

// The library bundles its four small dependencies too: unbundled, zod/mini alone loads every zod module
// (all locales included) and made `import "hub-snippets"` cost ~80 ms.
await build({ ...shared, entryPoints: { index: "src/index.ts" }, chunkNames: "lib-[hash]" });

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
    "node:child_process": "./scripts/lazy-child-process.cjs",
    "yoga-layout": "./scripts/yoga-layout-sync.mjs",
    "yoga-layout-binary": "./node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js",
    "yoga-layout-wrap": "./node_modules/yoga-layout/dist/src/wrapAssembly.js",
    "yoga-layout-enums": "./node_modules/yoga-layout/dist/src/generated/YGEnums.js",
  },
  // Bundled CommonJS code calls require() for Node built-ins.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
});

// yoga's WebAssembly, as bytes for scripts/yoga-layout-sync.mjs (the package ships it only as a base64 data URL).
const yogaSource = readFileSync(new URL("../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js", import.meta.url), "utf8");
const yogaBase64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(yogaSource)?.[1];
if (!yogaBase64) throw new Error("yoga-layout: no embedded WebAssembly found; update scripts/yoga-layout-sync.mjs");
writeFileSync(new URL("../dist/yoga.wasm", import.meta.url), Buffer.from(yogaBase64, "base64"));

if (process.env.BUILD_ANALYZE) console.log(await analyzeMetafile(cli.metafile));

// Type declarations for the library API (dist/index.d.ts and what it references).
execFileSync(process.execPath, [new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname, "-p", "tsconfig.build.json"], {
  stdio: "inherit",
});
