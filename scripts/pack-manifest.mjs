// prepack and postpack: the packed package.json has no "scripts". Installed from a tarball file, a package's
// `prepare` counts for npm 11 as an install script to allow ("npm warn install-scripts … hub-snippets (prepare: npm
// run build)"), although npm never runs it for a tarball; none of the scripts works without the repository's
// sources anyway. `strip` (prepack, after the build) keeps package.json's bytes in package.json.before-pack and writes
// it without "scripts"; `restore` (postpack) puts them back. A pack that failed between the two leaves the copy,
// which the next `strip` restores first.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const manifest = fileURLToPath(new URL("../package.json", import.meta.url));
const saved = `${manifest.slice(0, -".json".length)}.json.before-pack`;

const restore = () => {
  if (existsSync(saved)) renameSync(saved, manifest);
};

const step = process.argv[2];
if (step === "strip") {
  restore();
  const text = readFileSync(manifest, "utf8");
  const { scripts: _scripts, ...packed } = JSON.parse(text);
  writeFileSync(saved, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (step === "restore") {
  restore();
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
