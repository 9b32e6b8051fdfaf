// esbuild options of the two CLI bundles, dist/cli.cjs and dist/ui.cjs (scripts/build.mjs builds them), and the
// yoga WebAssembly file the views bundle reads. Why each swap exists: README.md beside this file.
import { readFileSync, writeFileSync } from "node:fs";
import {
  bundledLoaders,
  clientGapsAtBuild,
  inkWithoutDevtools,
  installsAtBuild,
  plainTextWithoutIcu,
  viewsSourcePatches,
  yogaWithoutEmbeddedWasm,
} from "./esbuild-plugins.mjs";
import { sideEffectFree } from "./side-effect-free.mjs";

const here = (path) => new URL(path, import.meta.url).pathname;
const dependency = (path) => new URL(`../../node_modules/${path}`, import.meta.url).pathname;

/** The parameters of the function each bundle is (loader.cjs passes them in this order). */
export const bundleParameters = ["exports", "require", "module", "__filename", "__dirname", "__hubSnippetsImport", "__hubSnippetsLoad"];

/**
 * CommonJS, minified: the loader compiles each bundle through node:vm with V8's code cache (node:vm compiles
 * scripts, not ES modules). clipboardy stays outside, since it runs a helper binary that ships next to its own files.
 */
export function cliBundleOptions(nodeBundle, extraPlugins = []) {
  return {
    ...nodeBundle,
    format: "cjs",
    external: ["clipboardy"],
    metafile: true,
    minify: true,
    plugins: [
      inkWithoutDevtools,
      bundledLoaders,
      installsAtBuild,
      clientGapsAtBuild,
      plainTextWithoutIcu,
      viewsSourcePatches,
      yogaWithoutEmbeddedWasm,
      sideEffectFree,
      ...extraPlugins,
    ],
    // src/paths.ts finds the package from import.meta.dirname, the bundle's own folder; the views bundle's yoga reads
    // its .wasm beside import.meta.url, a file URL made only when read (node:url's first run was ~2M instructions of
    // every start).
    define: { "process.env.NODE_ENV": '"production"', "import.meta.dirname": "__dirname", "import.meta.url": "__importMeta.url" },
    // The bundle is the function loader.cjs compiles, as it is on disk: the loader passes the source to V8 without
    // building a second, wrapped copy of it (one 300 KB string fewer to allocate and flatten on every start).
    banner: { js: `(function (${bundleParameters.join(", ")}) {var __importMeta={get url(){return require("node:url").pathToFileURL(__filename).href}};` },
    footer: { js: "\n})" },
    alias: {
      // Ink imports react-devtools-core only when DEV is set; it is not a dependency.
      "react-devtools-core": here("./swaps/empty-module.mjs"),
      "string-width": here("./swaps/string-width-fast.cjs"),
      "string-width-real": dependency("string-width/index.js"),
      "node:child_process": here("./swaps/lazy-child-process.cjs"),
      "yoga-layout": here("./swaps/yoga-layout-sync.mjs"),
      "yoga-layout-binary": dependency("yoga-layout/dist/binaries/yoga-wasm-base64-esm.js"),
      "yoga-layout-wrap": dependency("yoga-layout/dist/src/wrapAssembly.js"),
      "yoga-layout-enums": dependency("yoga-layout/dist/src/generated/YGEnums.js"),
    },
  };
}

/** yoga's WebAssembly, as bytes for swaps/yoga-layout-sync.mjs (the package ships it only as a base64 data URL). */
export function writeYogaWasm(outFile) {
  const yogaSource = readFileSync(dependency("yoga-layout/dist/binaries/yoga-wasm-base64-esm.js"), "utf8");
  const yogaBase64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(yogaSource)?.[1];
  if (!yogaBase64) throw new Error("yoga-layout: no embedded WebAssembly found; update scripts/cli-bundle/swaps/yoga-layout-sync.mjs");
  writeFileSync(outFile, Buffer.from(yogaBase64, "base64"));
}
