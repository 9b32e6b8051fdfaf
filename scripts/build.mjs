// Builds dist/: the library (dist/index.js) and the CLI (dist/cli.cjs, dist/ui.cjs and their V8 code caches).
import { analyzeMetafile, build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { bundledLoaders, inkWithoutDevtools } from "./esbuild-plugins.mjs";
import { trainCodeCache } from "./train-code-cache.mjs";

rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });

// Both builds bundle their dependencies for Node 20, preferring packages' ES module builds (jsonc-parser's main
// is a UMD file that requires by relative path).
const nodeBundle = { bundle: true, platform: "node", target: "node20", mainFields: ["module", "main"], logLevel: "warning" };

// The library bundles its four small dependencies too: unbundled, zod/mini alone loads every zod module
// (all locales included) and made `import "hub-snippets"` cost ~80 ms.
await build({ ...nodeBundle, entryPoints: { index: "src/index.ts" }, outdir: "dist", format: "esm" });

// The CLI is two CommonJS bundles, each with its dependencies: dist/cli.cjs (commands, catalogue, snippet engine)
// and dist/ui.cjs (the Ink views: Ink, React, the highlighter), loaded only when stdout is a terminal.
// bin/hub-snippets.cjs compiles them through node:vm with V8's code cache (node:vm compiles scripts, not ES
// modules). The views bundle keeps its own copy of the core modules it uses (the browser generates snippets
// itself); the two bundles pass each other data only.
// clipboardy stays outside, since it runs a helper binary that ships next to its own files.
const cliBundle = {
  ...nodeBundle,
  format: "cjs",
  external: ["clipboardy"],
  metafile: true,
  minify: true,
  plugins: [inkWithoutDevtools, bundledLoaders],
  define: { "process.env.NODE_ENV": '"production"', "import.meta.url": "__importMetaUrl" },
  // src/paths.ts (and yoga, for its .wasm) locate files from import.meta.url.
  banner: { js: 'var __importMetaUrl=require("node:url").pathToFileURL(__filename).href;' },
  alias: {
    // Ink imports react-devtools-core only when DEV is set; it is not a dependency.
    "react-devtools-core": "./scripts/empty-module.mjs",
    "string-width": "./scripts/string-width-fast.cjs",
    "string-width-real": "./node_modules/string-width/index.js",
    "node:child_process": "./scripts/lazy-child-process.cjs",
    "yoga-layout": "./scripts/yoga-layout-sync.mjs",
    "yoga-layout-binary": "./node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js",
    "yoga-layout-wrap": "./node_modules/yoga-layout/dist/src/wrapAssembly.js",
    "yoga-layout-enums": "./node_modules/yoga-layout/dist/src/generated/YGEnums.js",
  },
};
const cli = await build({ ...cliBundle, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" });
const ui = await build({ ...cliBundle, entryPoints: ["src/ui/terminal-views.ts"], outfile: "dist/ui.cjs" });

// yoga's WebAssembly, as bytes for scripts/yoga-layout-sync.mjs (the package ships it only as a base64 data URL).
const yogaSource = readFileSync(new URL("../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js", import.meta.url), "utf8");
const yogaBase64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(yogaSource)?.[1];
if (!yogaBase64) throw new Error("yoga-layout: no embedded WebAssembly found; update scripts/yoga-layout-sync.mjs");
writeFileSync(new URL("../dist/yoga.wasm", import.meta.url), Buffer.from(yogaBase64, "base64"));

if (process.env.BUILD_ANALYZE) for (const { metafile } of [cli, ui]) console.log(await analyzeMetafile(metafile));

// Type declarations for the library API (dist/index.d.ts and what it references).
execFileSync(process.execPath, [new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname, "-p", "tsconfig.build.json"], {
  stdio: "inherit",
});

trainCodeCache();
