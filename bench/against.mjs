// `npm run bench -- --against <commit>`: the start-up scenarios side by side with another commit's build, on the
// Node.js running the benchmark, stdout a pipe. The commit is checked out into a temporary worktree, installed
// (npm ci, from npm's cache first) and built there; then each scenario runs the floor (`node -e 0`), the other
// build and this one in turn, run after run, on the same input files, so that all three see the same machine
// weather. The report gives each build's median time and ratio to the floor, and the median of this build's time
// over the other's, pair by pair.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, wallTime } from "./measure.mjs";

function git(root, args) {
  return execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
}

/** The other commit's build in a worktree of its own: its bin, what it is, and how to remove it. */
export function buildCommit(root, commit) {
  const sha = git(root, ["rev-parse", "--verify", `${commit}^{commit}`]);
  const subject = git(root, ["log", "-1", "--format=%s", sha]);
  const worktree = join(mkdtempSync(join(tmpdir(), "hub-snippets-bench-against-")), "repo");
  const remove = () => {
    spawnSync("git", ["-C", root, "worktree", "remove", "--force", worktree], { stdio: "ignore" });
    rmSync(join(worktree, ".."), { recursive: true, force: true });
  };
  try {
    git(root, ["worktree", "add", "--detach", worktree, sha]);
    const quiet = { cwd: worktree, stdio: ["ignore", "ignore", "inherit"] };
    execFileSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], quiet);
    execFileSync("npm", ["run", "build"], quiet);
  } catch (error) {
    remove();
    throw error;
  }
  return { sha, subject, bin: join(worktree, "bin", "hub-snippets.cjs"), remove };
}

/** Each scenario (its args start with this build's bin) against the other build, `repetitions` alternating triples. */
export function compareWithBuild(node, scenarios, other, repetitions) {
  return scenarios.map(({ name, args }) => {
    const otherArgs = [other.bin, ...args.slice(1)];
    const floor = [];
    const theirs = [];
    const ours = [];
    // One warm-up run each: the file cache, and a first run's per-user code cache where a build has none.
    wallTime(node, otherArgs, "pipe");
    wallTime(node, args, "pipe");
    for (let index = 0; index < repetitions; index += 1) {
      floor.push(wallTime(node, ["-e", "0"], "pipe"));
      theirs.push(wallTime(node, otherArgs, "pipe"));
      ours.push(wallTime(node, args, "pipe"));
    }
    const floorMs = median(floor);
    return {
      name,
      floorMs,
      other: { wallMs: median(theirs), ratio: median(theirs.map((ms, index) => ms / floor[index])) },
      ours: { wallMs: median(ours), ratio: median(ours.map((ms, index) => ms / floor[index])) },
      oursOverOther: median(ours.map((ms, index) => ms / theirs[index])),
    };
  });
}

export function printComparison(node, other, rows, repetitions) {
  console.log(
    `\nSide by side with ${other.sha.slice(0, 10)} (${other.subject}), Node ${node.version}, stdout a pipe, ${repetitions} alternating runs, medians\n`,
  );
  console.log(`| scenario | floor (node -e 0) | ${other.sha.slice(0, 7)} | this build | this build / ${other.sha.slice(0, 7)} |`);
  console.log("| --- | --- | --- | --- | --- |");
  for (const row of rows) {
    const build = ({ wallMs, ratio }) => `${wallMs.toFixed(1)} ms (${ratio.toFixed(2)}×)`;
    console.log(`| ${row.name} | ${row.floorMs.toFixed(1)} ms | ${build(row.other)} | ${build(row.ours)} | ${row.oursOverOther.toFixed(3)}× |`);
  }
}
