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
