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
 * Four source modules load code that lives outside a bundle (clipboardy; the Ink views' bundle; a library
 * generator's module bundle; jsonc-parser's bundle); in the CLI bundles they are swapped for versions that load through the loader, and
 * the templates' trees are read as the build made them (see swaps/ for why). A plugin rather than an alias: they
 * are the project's own modules, imported by relative path.
 */
export const bundledLoaders = {
  name: "bundled-loaders",
  setup(build) {
    const replacements = {
      "load-clipboardy.js": "./swaps/load-clipboardy-bundled.ts",
      "load-terminal-views.js": "./swaps/load-ui-bundled.ts",
      "generator-of.js": "./swaps/library-generator-bundled.ts",
      "template-program.js": "./swaps/template-program-built.ts",
      "json-error-location.js": "./swaps/json-error-location-bundled.ts",
      "load-deploy-command.js": "./swaps/load-deploy-bundled.ts",
      "load-notebook-command.js": "./swaps/load-notebook-bundled.ts",
      "load-chat-features.js": "./swaps/load-chat-features-bundled.ts",
    };
    build.onResolve(
      {
        filter:
          /[\\/](load-clipboardy|load-terminal-views|generator-of|template-program|json-error-location|load-deploy-command|load-notebook-command|load-chat-features)\.js$/,
      },
      (args) => {
        const name = args.path.split("/").pop();
        return { path: fileURLToPath(new URL(replacements[name], import.meta.url)) };
      },
    );
  },
};

/**
 * The library generators read each library's install names from its registry row (src/libraries/
 * library-installs.ts); in a bundle, that module is the table itself, taken from data/libraries.json at build time,
 * so `snippet` does not parse the 70 KB registry to print one install line (~5M instructions at every start). The
 * table is made on first use, each row a JSON text parsed when asked for: as one object literal, every bundle that
 * holds the table built all of it when it started (the piped snippet, which prints no install of a library: 115.5M → 114.3M instructions), and as
 * one JSON text, each bundle that read a row parsed all 10 KB.
 */
export const installsAtBuild = {
  name: "installs-at-build",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]libraries[\\/]library-installs\.ts$/ }, () => {
      const rows = JSON.parse(readFileSync(fileURLToPath(new URL("../../data/libraries.json", import.meta.url)), "utf8"));
      const installs = Object.fromEntries(rows.filter((row) => row.install).map((row) => [row.key, row.install]));
      const texts = Object.fromEntries(Object.entries(installs).map(([key, install]) => [key, JSON.stringify(install)]));
      return {
        contents: `let installs;\nexport function installOfLibrary(key) {\n  installs ??= ${JSON.stringify(texts)};\n  return Object.hasOwn(installs, key) ? JSON.parse(installs[key]) : undefined;\n}\n`,
        loader: "js",
      };
    });
  },
};

/**
 * The SDK gaps of a client (src/catalogue/client-gaps.ts): in a bundle, data/client-gaps.json taken at build time, a
 * JSON text per client parsed when that client's code is written. Two clients of the table have gaps; the piped
 * `--client requests` snippet read and parsed the whole 6 KB file for none (~19 KB of young garbage, issue 64).
 */
export const clientGapsAtBuild = {
  name: "client-gaps-at-build",
  setup(build) {
    build.onLoad({ filter: /[\\/]catalogue[\\/]client-gaps\.ts$/ }, () => {
      const table = JSON.parse(readFileSync(fileURLToPath(new URL("../../data/client-gaps.json", import.meta.url)), "utf8"));
      const texts = Object.fromEntries(Object.entries(table).map(([key, gaps]) => [key, JSON.stringify(gaps)]));
      return {
        contents: `let texts;\nconst parsed = new Map();\nconst none = [];\nexport function sdkGapsOf(language, client) {\n  texts ??= ${JSON.stringify(texts)};\n  const key = \`\${language}/\${client}\`;\n  if (!Object.hasOwn(texts, key)) return none;\n  if (!parsed.has(key)) parsed.set(key, JSON.parse(texts[key]));\n  return parsed.get(key);\n}\n`,
        loader: "js",
      };
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
      // The views' patches (below) for the same file: esbuild runs only the first onLoad that answers.
      const patched = patchedSource(args.path, contents) ?? contents;
      return { contents: `import { FastGraphemeSegmenter, normalizeFast } from ${JSON.stringify(swap)};\n${patched}`, loader: "js" };
    });
  },
};

/**
 * Patches to what the views run for every text or every character of a frame, or at load, each checked by a test:
 * - Ink writes each row of a frame through ansi-tokenize's styledCharsToString, which calls diffAnsiCodes between
 *   every two neighbouring characters: three Sets and four arrays per character, most of a first frame's garbage.
 *   Between two characters of the same style the difference is empty, so swaps/same-ansi-codes.cjs answers that
 *   case at once (test/ui/ansi-diff-shortcut.test.ts).
 * - Ink's sanitizeAnsi tokenises every styled text, one character at a time, to drop escape sequences other than
 *   SGR ones; text with SGR sequences only (what chalk writes) comes back unchanged, so swaps/sgr-only.cjs returns
 *   it without tokenising (test/ui/sanitize-shortcut.test.ts).
 * - React's scheduler reads the clock from `performance` when there is one; in Node.js, the first use of
 *   `performance` loads perf_hooks (seven internal modules, ~0.7 ms on Node 24) while the views bundle loads. It
 *   takes the scheduler's other clock, Date.now(), which it uses where `performance` is missing
 *   (test/ui/views-bundle-load.test.ts).
 * - Ink's output.js fills a frame's grid with one frozen blank cell rather than an object and an array per cell;
 *   ansi-tokenize's styled characters share their (never modified) style arrays, and its styledCharsToString
 *   writes nothing between two characters of the same array, nor after one without styles; Ink's wrap-ansi ends with
 *   swaps/wrap-ansi-breaks.cjs, which re-opens styles across the line breaks it added without walking every
 *   character; ansi-tokenize's tokenize reads text of printable ASCII and escapes by index
 *   (swaps/tokenize-ascii.cjs) rather than through a grapheme segmenter (test/ui/views-patches.test.ts).
 */
const viewsPatches = [
  {
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]diff\.js$/,
    swap: { name: "sameAnsiCodes", path: "./swaps/same-ansi-codes.cjs" },
    from: "export function diffAnsiCodes(from, to) {",
    to: "export function diffAnsiCodes(from, to) {\n    if (sameAnsiCodes(from, to)) return [];",
  },
  {
    filter: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
    swap: { name: "onlySgrSequences", path: "./swaps/sgr-only.cjs" },
    from: "const sanitizeAnsi = (text) => {",
    to: "const sanitizeAnsi = (text) => {\n    if (onlySgrSequences(text)) return text;",
  },
  {
    filter: /[\\/]ink[\\/]build[\\/]output\.js$/,
    from: `                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
    to: "                row.push(blankCell);",
    prelude: "const blankCell = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });",
  },
  {
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
    from: "styles: [...codes],",
    to: "styles: codes,",
  },
  {
    // Between two characters holding the same style array, and after one without styles, there is nothing to write.
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
    from: "ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));",
    to: "if (chars[i - 1].styles !== char.styles) ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));",
  },
  {
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
    from: "ret += ansiCodesToString(diffAnsiCodes(char.styles, []));",
    to: "if (char.styles.length > 0) ret += ansiCodesToString(diffAnsiCodes(char.styles, []));",
  },
  {
    filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
    swap: { name: "tokenizeAscii", path: "./swaps/tokenize-ascii.cjs" },
    from: "export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {",
    to: `export function tokenize(str, endChar = Number.POSITIVE_INFINITY) {
    const ascii = tokenizeAscii(str, endChar, { parseLinkCode, parseSGRSequence, splitCompoundSGRSequences, getEndCode, CSI, OSC });
    if (ascii !== undefined) return ascii;`,
  },
  {
    filter: /[\\/]ink[\\/]node_modules[\\/]wrap-ansi[\\/]index\.js$/,
    swap: { name: "reopenStylesAcrossBreaks", path: "./swaps/wrap-ansi-breaks.cjs" },
    from: "const preString = rows.join('\\n');",
    to: "const preString = rows.join('\\n');\n\treturn reopenStylesAcrossBreaks(preString, ansiStyles.codes);",
  },
  {
    filter: /[\\/]scheduler[\\/]cjs[\\/]scheduler\.production\.js$/,
    from: 'if ("object" === typeof performance && "function" === typeof performance.now) {',
    to: "if (false) {",
  },
];

/** `source` with the patches for the file at `path` (none: undefined). */
export function patchedSource(path, source) {
  const patches = viewsPatches.filter(({ filter }) => filter.test(path));
  if (patches.length === 0) return undefined;
  let contents = source;
  for (const { from, to, swap, prelude } of patches) {
    if (!contents.includes(from)) throw new Error(`${path}: no "${from}": update scripts/cli-bundle/esbuild-plugins.mjs`);
    contents = contents.replace(from, to);
    if (prelude) contents = `${prelude}\n${contents}`;
    if (swap) contents = `import { ${swap.name} } from ${JSON.stringify(fileURLToPath(new URL(swap.path, import.meta.url)))};\n${contents}`;
  }
  return contents;
}

export const viewsSourcePatches = {
  name: "views-source-patches",
  setup(build) {
    for (const { filter } of viewsPatches) {
      build.onLoad({ filter }, (args) => ({ contents: patchedSource(args.path, readFileSync(args.path, "utf8")), loader: "js" }));
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
