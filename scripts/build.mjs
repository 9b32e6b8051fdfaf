// Builds dist/: the library (dist/index.js) and the CLI (dist/{cli,snippet,catalogue,libraries,ui}.cjs and their V8 code caches).
import { analyzeMetafile, build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { buildInputsFingerprint, buildStamp } from "./build-inputs.mjs";
import { cliBundleOptions, writeYogaWasm } from "./cli-bundle/bundle-options.mjs";
import { buildLibraryModules, libraryModulesAtBuild, libraryModuleTable, writeLibraryModuleTable } from "./cli-bundle/library-modules.mjs";
import { sideEffectFree } from "./cli-bundle/side-effect-free.mjs";
import { trainCodeCache } from "./cli-bundle/train-code-cache.mjs";
import { writeBin } from "./cli-bundle/write-bin.mjs";
import { precompileTemplates } from "./precompile-templates.mjs";

// The bin holds the loader's code (cli-bundle/write-bin.mjs), written before the inputs are taken, which include it.
writeBin();
// What this build is built from (scripts/prepare.mjs skips a build whose inputs are unchanged), taken before it starts.
const inputs = buildInputsFingerprint();
rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });

// Both builds bundle their dependencies for Node 20, preferring packages' ES module builds (jsonc-parser's main
// is a UMD file that requires by relative path).
const nodeBundle = { bundle: true, platform: "node", target: "node20", mainFields: ["module", "main"], logLevel: "warning" };

// The library bundles its four small dependencies too: unbundled, zod/mini alone loads every zod module
// (all locales included) and made `import "hub-snippets"` cost ~80 ms.
await build({ ...nodeBundle, entryPoints: { index: "src/index.ts" }, outdir: "dist", format: "esm", plugins: [sideEffectFree] });

// The CLI is five CommonJS bundles, each with its dependencies: dist/cli.cjs (the whole CLI: commander, every
// command), dist/snippet.cjs and dist/catalogue.cjs (the common command lines, which start faster from a smaller
// bundle; they hand anything else to dist/cli.cjs), dist/libraries/<module>.cjs (the library generators, one
// bundle per module of src/libraries/, loaded one at a time: library-modules.mjs), and dist/ui.cjs (the Ink views: Ink, React, the highlighter),
// loaded only when stdout is a terminal. The views bundle keeps its own copy of the core modules it uses (the
// browser generates snippets itself); bundles pass each other data only. How they start (and what is swapped
// into them): scripts/cli-bundle/README.md.
const libraryModules = await libraryModuleTable(nodeBundle);
const cliBundle = cliBundleOptions(nodeBundle, [libraryModulesAtBuild(libraryModules)]);
const bundles = await Promise.all([
  build({ ...cliBundle, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" }),
  build({ ...cliBundle, entryPoints: ["scripts/cli-bundle/entries/snippet.ts"], outfile: "dist/snippet.cjs" }),
  build({ ...cliBundle, entryPoints: ["scripts/cli-bundle/entries/catalogue.ts"], outfile: "dist/catalogue.cjs" }),
  buildLibraryModules(cliBundle, libraryModules),
  build({ ...cliBundle, entryPoints: ["src/ui/terminal-views.ts"], outfile: "dist/ui.cjs" }),
  // jsonc-parser, which only a record that is not JSON needs (swaps/json-error-location-bundled.ts).
  build({ ...cliBundle, entryPoints: ["src/validation/json-error-location.ts"], outfile: "dist/json-error-location.cjs" }),
  // The --deploy command and the deploy decision, which only `snippet --deploy` runs (swaps/load-deploy-bundled.ts).
  build({ ...cliBundle, entryPoints: ["src/cli/commands/snippet-deploy.ts"], outfile: "dist/deploy.cjs" }),
  // `snippet --notebook`'s notebook builder, which only --notebook runs (swaps/load-notebook-bundled.ts).
  build({ ...cliBundle, entryPoints: ["src/cli/commands/snippet-notebook.ts"], outfile: "dist/notebook.cjs" }),
  // What only --policy, --json-schema and --tools run (swaps/load-chat-features-bundled.ts).
  build({ ...cliBundle, entryPoints: ["src/inference/chat-features.ts"], outfile: "dist/chat-features.cjs" }),
]);
writeLibraryModuleTable(libraryModules);
writeYogaWasm(new URL("../dist/yoga.wasm", import.meta.url));
// The templates' syntax trees, parsed once here by the engine's parser (scripts/precompile-templates.mjs says why).
precompileTemplates();

if (process.env.BUILD_ANALYZE) for (const { metafile } of bundles) console.log(await analyzeMetafile(metafile));

// Type declarations for the library API (dist/index.d.ts and what it references).
execFileSync(process.execPath, [new URL("../node_modules/typescript/bin/tsc", import.meta.url).pathname, "-p", "tsconfig.build.json"], {
  stdio: "inherit",
});

trainCodeCache();
writeFileSync(buildStamp, `${inputs}\n`);
