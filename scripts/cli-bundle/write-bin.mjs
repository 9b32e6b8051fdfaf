// bin/hub-snippets.cjs is made from loader.cjs (beside this file): the loader's code in the bin itself, where it
// starts the CLI. Requiring it as a second module (resolving its path, reading and compiling it outside any code
// cache) cost every command ~1.9M main-thread instructions on Node 20 (callgrind, medians of 3: the piped snippet
// 114.1M → 112.2M, the default answer 130.0M → 128.2M). loader.cjs stays the one source, with the rest of the
// start-up code; the build writes the bin, and test/cli/bin-from-loader.test.ts fails when it is not current.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const loaderFile = fileURLToPath(new URL("./loader.cjs", import.meta.url));
export const binFile = fileURLToPath(new URL("../../bin/hub-snippets.cjs", import.meta.url));

/** Where the loader finds dist/ from its folder, and where the bin finds it from its own. */
const distFromLoader = 'const dist = join(__dirname, "..", "..", "dist");';
const distFromBin = 'const dist = join(__dirname, "..", "dist");';

/** The text bin/hub-snippets.cjs must hold. */
export function binText() {
  const loader = readFileSync(loaderFile, "utf8");
  if (loader.split(distFromLoader).length !== 2) throw new Error(`write-bin: loader.cjs must hold exactly one ${distFromLoader}`);
  return [
    "#!/usr/bin/env node",
    "// Written by scripts/build.mjs from scripts/cli-bundle/loader.cjs (write-bin.mjs says why): edit that file.",
    loader.replace(distFromLoader, distFromBin).trimEnd(),
    "startCli();",
    "",
  ].join("\n");
}

/** Writes the bin when it is not current (a build from an unchanged loader writes nothing). */
export function writeBin() {
  const text = binText();
  let current;
  try {
    current = readFileSync(binFile, "utf8");
  } catch {
    current = undefined;
  }
  if (current !== text) writeFileSync(binFile, text, { mode: 0o755 });
}
