// esbuild plugin: packages whose modules only define things, declared free of side effects so that esbuild drops
// the modules a bundle does not use. jsonc-parser's main module imports its formatter and editor, whose top levels
// build caches of indentation strings; the model reader uses only its parser (to locate a JSON syntax error), yet
// the bundle ran those top levels on every start (~0.5 ms of a piped snippet run on Node 24). jsonc-parser's
// package.json does not say `"sideEffects": false`, so this says it for it.
const sideEffectFreePackages = /[\\/]node_modules[\\/]jsonc-parser[\\/]/;

export const sideEffectFree = {
  name: "side-effect-free",
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.sideEffectFree) return undefined;
      const inPackage = sideEffectFreePackages.test(args.importer) || args.path === "jsonc-parser";
      if (!inPackage) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { sideEffectFree: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { ...resolved, sideEffects: false };
    });
  },
};
