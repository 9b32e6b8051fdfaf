// `npm run upstream`: the radar is TypeScript that reads the product's loaders (src/), so it is bundled here with
// esbuild and run. The loaders find data/ from their own folder, so the bundle is told where src/ is.
import { build } from "esbuild";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

const result = await build({
  entryPoints: [join(root, "scripts/upstream/main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  define: { "import.meta.dirname": JSON.stringify(join(root, "src")) },
  write: false,
  logLevel: "warning",
});
// Written under node_modules, so the packages it imports (zod, @huggingface/jinja) resolve as from the project.
const cache = join(root, "node_modules/.cache");
mkdirSync(cache, { recursive: true });
const scratch = mkdtempSync(join(cache, "hub-snippets-upstream-"));
let code;
try {
  const file = join(scratch, "main.mjs");
  writeFileSync(file, result.outputFiles[0].text);
  const { main } = await import(pathToFileURL(file).href);
  code = await main(process.argv.slice(2), root);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = code;
