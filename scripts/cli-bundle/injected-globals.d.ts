// The names scripts/cli-bundle/loader.cjs and the esbuild banner give the code of the CLI bundles. They are
// parameters of the function each bundle is wrapped in (and a banner variable), not properties of globalThis:
// they exist only inside the CLI's bundles (dist/*.cjs), so only the swapped modules in swaps/ and the entries in
// entries/ may use them.

/** The loader's own import(): code compiled by node:vm from a code cache cannot import() on Node 20. */
declare const __hubSnippetsImport: (specifier: string) => Promise<unknown>;
/** Runs dist/<name>.cjs (from its code cache) and returns its exports. */
declare const __hubSnippetsLoad: (
  name: "cli" | "ui" | "snippet" | "catalogue" | "json-error-location" | "deploy" | "notebook" | "chat-features" | `libraries-${string}`,
) => unknown;
/** What `import.meta` becomes in the CommonJS bundles (see bundle-options.mjs): `url`, the bundle's file URL, made when read. */
declare const __importMeta: { readonly url: string };

/** Which module of src/libraries/ holds each library's generator, and under which export name: a table
 * library-modules.mjs writes into the bundles at build time (swaps/library-generator-bundled.ts reads it). */
declare module "hub-snippets:library-modules" {
  export const libraryModules: () => Record<string, readonly [module: string, exportName: string]>;
}
