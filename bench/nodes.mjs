// The Node.js versions the benchmark measures the CLI on: the one running it and the LTS line CI also proves (24),
// from `--node <path>` or else from the npm registry's `node` package through npx (as .ci/run gets it).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const otherLine = "24";

function versionOf(node) {
  const [version, arch] = execFileSync(node, ["-p", "process.version + ' ' + process.arch"], { encoding: "utf8" }).trim().split(" ");
  return { path: node, version, runtime: `${version}-${arch}` };
}

function fromNpm(line) {
  const result = spawnSync("npx", ["-y", "-p", `node@${line}`, "node", "-p", "process.execPath"], { encoding: "utf8", timeout: 300_000 });
  if (result.status === 0) return result.stdout.trim();
  console.warn(`bench: Node ${line} could not be had from the npm registry (${result.stderr.trim().split("\n").pop()}); measuring without it`);
  return undefined;
}

/** The Node.js binaries to measure, each with its code caches in dist/ (trained here when the build made none). */
export function nodesToMeasure(argv) {
  const given = argv.flatMap((arg, index) => (argv[index - 1] === "--node" ? [arg] : []));
  const others = given.length > 0 ? given : process.version.startsWith(`v${otherLine}.`) ? [] : [fromNpm(otherLine)].filter(Boolean);
  const nodes = [process.execPath, ...others].map(versionOf);
  for (const node of nodes) {
    if (!existsSync(`${root}dist/snippet.${node.runtime}.snippet.cache`)) {
      execFileSync(node.path, [`${root}scripts/cli-bundle/train-code-cache.mjs`], { stdio: ["ignore", "ignore", "inherit"] });
    }
  }
  return nodes;
}
