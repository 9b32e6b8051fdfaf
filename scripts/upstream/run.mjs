// `npm run upstream`: the radar is TypeScript that reads the product's loaders (src/), so it is bundled here with
// esbuild and run. The loaders find data/ from their own folder, so the bundle is told where src/ is.
import { build } from "esbuild";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

async function run() {
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
  try {
    const file = join(scratch, "main.mjs");
    writeFileSync(file, result.outputFiles[0].text);
    const { main } = await import(pathToFileURL(file).href);
    return await main(process.argv.slice(2), root);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// A reader that stops early (`| head`) closes the pipe: the report was not wanted further, which is no error.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

// A bug is exit 2 too, never 1: automation reads 1 as "a report that needs attention" and would open a pull request.
try {
  process.exitCode = await run();
} catch (error) {
  console.error(`upstream: internal error (a bug of the radar): ${error?.stack ?? error}`);
  process.exitCode = 2;
}
