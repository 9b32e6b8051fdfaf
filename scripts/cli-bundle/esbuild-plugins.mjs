// esbuild plugins for the CLI bundles (bundle-options.mjs).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Ink's reconciler has two top-level awaits, both only for React DevTools when DEV=true (not a dependency here).
 * A CommonJS bundle cannot hold a top-level await, so both become what they yield without DevTools installed.
 */
export const inkWithoutDevtools = {
  name: "ink-without-devtools",
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const replacements = [
        ["await import('./devtools.js');", "throw Object.assign(new Error('react-devtools-core is not bundled'), { code: 'ERR_MODULE_NOT_FOUND' });"],
        ["? await loadPackageJson()", "? { name: undefined, version: undefined }"],
      ];
      let contents = source;
      for (const [from, to] of replacements) {
        if (!contents.includes(from)) throw new Error(`ink's reconciler changed (no "${from}"): update scripts/cli-bundle/esbuild-plugins.mjs`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: "js" };
    });
  },
};

/**
 * Three source modules load code that lives outside a bundle (clipboardy; the Ink views' and the library
 * generators' bundles); in the CLI bundles
 * they are swapped for versions that load through the loader (see swaps/ for why). A plugin rather than an alias:
 * they are the project's own modules, imported by relative path.
 */
export const bundledLoaders = {
  name: "bundled-loaders",
  setup(build) {
    const replacements = {
      "load-clipboardy.js": "./swaps/load-clipboardy-bundled.ts",
      "load-terminal-views.js": "./swaps/load-ui-bundled.ts",
      "load-library-snippets.js": "./swaps/load-libraries-bundled.ts",
    };
    build.onResolve({ filter: /[\\/]load-(clipboardy|terminal-views|library-snippets)\.js$/ }, (args) => {
      const name = args.path.split("/").pop();
      return { path: fileURLToPath(new URL(replacements[name], import.meta.url)) };
    });
  },
};

/**
 * wrap-ansi, slice-ansi and @alcalzone/ansi-tokenize each create an Intl.Segmenter when they load, and wrap-ansi
 * normalises every string it wraps; the first ICU segmenter or normaliser starts ICU (~15 ms before the first
 * frame). Each `new Intl.Segmenter(` and each `<name>.normalize()` there goes through swaps/plain-text-fast.cjs,
 * which handles plain text itself and calls ICU only for other text.
 */
export const plainTextWithoutIcu = {
  name: "plain-text-without-icu",
  setup(build) {
    const swap = fileURLToPath(new URL("./swaps/plain-text-fast.cjs", import.meta.url));
    build.onLoad({ filter: /[\\/](wrap-ansi[\\/]index|slice-ansi[\\/]tokenize-ansi|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize)\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source
        .replaceAll("new Intl.Segmenter(", "new FastGraphemeSegmenter(")
        .replace(/([A-Za-z_$][\w$]*(?:\([\w$]*\))?)\s*\.normalize\(\)/g, "normalizeFast($1)");
      if (contents === source) return undefined;
      if (/Intl\.Segmenter|\.normalize\(/.test(contents)) throw new Error(`${args.path}: an ICU call is left: update scripts/cli-bundle/esbuild-plugins.mjs`);
      return { contents: `import { FastGraphemeSegmenter, normalizeFast } from ${JSON.stringify(swap)};\n${contents}`, loader: "js" };
    });
  },
};

/**
 * Two shortcuts in the views' text pipeline, each answering at once the common case of a function Ink calls for
 * every text or every character, with the original kept for the rest:
 * - Ink writes each row of a frame through ansi-tokenize's styledCharsToString, which calls diffAnsiCodes between
 *   every two neighbouring characters: three Sets and four arrays per character, most of a first frame's garbage.
 *   Between two characters of the same style the difference is empty, so swaps/same-ansi-codes.cjs answers that
 *   case at once; test/ui/ansi-diff-shortcut.test.ts holds the shortcut to the original.
 * - Ink's sanitizeAnsi tokenises every styled text, one character at a time, to drop escape sequences other than
 *   SGR ones; text with SGR sequences only (what chalk writes) comes back unchanged, so swaps/sgr-only.cjs returns
 *   it without tokenising; test/ui/sanitize-shortcut.test.ts holds the shortcut to the original.
 * (Exported as ansiDiffShortcut, the name bundle-options.mjs registers it by.)
 */
const shortcuts = [
  {
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]diff\.js$/,
    swap: "./swaps/same-ansi-codes.cjs",
    name: "sameAnsiCodes",
    signature: "export function diffAnsiCodes(from, to) {",
    shortcut: "if (sameAnsiCodes(from, to)) return [];",
  },
  {
    filter: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
    swap: "./swaps/sgr-only.cjs",
    name: "onlySgrSequences",
    signature: "const sanitizeAnsi = (text) => {",
    shortcut: "if (onlySgrSequences(text)) return text;",
  },
];

export const ansiDiffShortcut = {
  name: "ansi-shortcuts",
  setup(build) {
    for (const { filter, swap, name, signature, shortcut } of shortcuts) {
      const swapPath = fileURLToPath(new URL(swap, import.meta.url));
      build.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes(signature)) throw new Error(`${args.path}: no "${signature}": update scripts/cli-bundle/esbuild-plugins.mjs`);
        const contents = source.replace(signature, `${signature}\n    ${shortcut}`);
        return { contents: `import { ${name} } from ${JSON.stringify(swapPath)};\n${contents}`, loader: "js" };
      });
    }
  },
};

/**
 * yoga's Emscripten module embeds its WebAssembly as a 96 KB base64 string; swaps/yoga-layout-sync.mjs compiles
 * dist/yoga.wasm instead, so the string is emptied: 96 KB less source to read in dist/ui.cjs.
 */
export const yogaWithoutEmbeddedWasm = {
  name: "yoga-without-embedded-wasm",
  setup(build) {
    build.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source.replace(/("data:application\/octet-stream;base64,)[A-Za-z0-9+/=]{1000,}"/, '$1"');
      if (contents === source) throw new Error(`${args.path}: no embedded WebAssembly found: update scripts/cli-bundle/esbuild-plugins.mjs`);
      return { contents, loader: "js" };
    });
  },
};
