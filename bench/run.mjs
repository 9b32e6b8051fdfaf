// npm run bench [-- --quick]: start-up and throughput of hub-snippets, side by side with their floors and the peer.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem, type as osType, release } from "node:os";
import { fileURLToPath } from "node:url";
import { firstOutputOnTerminal, median, runOnce } from "./measure.mjs";
import { measureThroughput } from "./throughput.mjs";

const quick = process.argv.includes("--quick");
const repetitions = quick ? 1 : Number(process.env.BENCH_REPETITIONS ?? 21);
const root = fileURLToPath(new URL("..", import.meta.url));
const cli = `${root}bin/hub-snippets.cjs`;
const node = process.execPath;
const floorArgs = ["-e", "0"];

function compareProcesses(name, args, targets) {
  const subject = [];
  const floor = [];
  runOnce(node, args); // warm the file cache once
  for (let index = 0; index < repetitions; index += 1) {
    floor.push(runOnce(node, floorArgs));
    subject.push(runOnce(node, args));
  }
  const wall = median(subject.map((run) => run.wallMs));
  const floorWall = median(floor.map((run) => run.wallMs));
  const rss = median(subject.map((run) => run.rssMb));
  const floorRss = median(floor.map((run) => run.rssMb));
  return {
    name,
    subject: { wallMs: wall, rssMb: rss },
    floor: { wallMs: floorWall, rssMb: floorRss },
    wallRatio: wall / floorWall,
    rssRatio: rss / floorRss,
    targets,
    met: wall / floorWall <= targets.wallRatio && (targets.rssRatio === undefined || rss / floorRss <= targets.rssRatio),
  };
}

async function compareFirstFrame(targets) {
  const subject = [];
  const floor = [];
  const floorLine = `'${node}' -e 'process.stdout.write("x")'`;
  const subjectLine = `'${node}' '${cli}' task show text-to-image`;
  await firstOutputOnTerminal(subjectLine);
  for (let index = 0; index < repetitions; index += 1) {
    floor.push(await firstOutputOnTerminal(floorLine));
    subject.push(await firstOutputOnTerminal(subjectLine));
  }
  const wall = median(subject);
  const floorWall = median(floor);
  return { name: "first frame of `task show text-to-image` on a terminal", subject: { wallMs: wall }, floor: { wallMs: floorWall }, wallRatio: wall / floorWall, targets, met: wall / floorWall <= targets.wallRatio };
}

const results = [
  compareProcesses(
    "cold `snippet <chat model> --lang python --client requests > file`",
    [cli, "snippet", `${root}examples/llama-3.1-8b-instruct.json`, "--lang", "python", "--client", "requests"],
    { wallRatio: 1.3, rssRatio: 1.25 },
  ),
  compareProcesses("cold `tasks list --json`", [cli, "tasks", "list", "--json"], { wallRatio: 1.3 }),
  compareProcesses("cold `snippet <diffusers model> --library > file`", [cli, "snippet", `${root}examples/flux.1-dev.json`, "--library"], { wallRatio: 1.3 }),
  compareProcesses("cold `libraries list --json`", [cli, "libraries", "list", "--json"], { wallRatio: 1.3 }),
  await compareFirstFrame({ wallRatio: 2.5 }),
];
const throughput = await measureThroughput(quick ? 20 : 400, quick ? 50 : 500);

const machine = { cpu: cpus()[0]?.model, cores: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), os: `${osType()} ${release()}`, node: process.version };
const fmt = (value) => value.toFixed(1);
// One repetition says nothing about a target: quick mode only proves the benchmark runs.
const verdict = (met) => (quick ? "n/a (quick)" : met ? "yes" : "no");
console.log(`hub-snippets benchmark (${quick ? "quick: 1 repetition, no targets checked" : `${repetitions} repetitions, medians`})`);
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GiB, ${machine.os}, node ${machine.node}\n`);
console.log("| scenario | hub-snippets | floor (node -e 0) | ratio | target | met |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const result of results) {
  const memory = result.subject.rssMb === undefined ? "" : `, ${fmt(result.subject.rssMb)} MB`;
  const floorMemory = result.floor.rssMb === undefined ? "" : `, ${fmt(result.floor.rssMb)} MB`;
  const ratio = `${result.wallRatio.toFixed(2)}×${result.rssRatio === undefined ? "" : ` time, ${result.rssRatio.toFixed(2)}× memory`}`;
  const target = `≤ ${result.targets.wallRatio}×${result.targets.rssRatio ? ` time, ≤ ${result.targets.rssRatio}× memory` : ""}`;
  console.log(`| ${result.name} | ${fmt(result.subject.wallMs)} ms${memory} | ${fmt(result.floor.wallMs)} ms${floorMemory} | ${ratio} | ${target} | ${verdict(result.met)} |`);
}
console.log(
  `| in-process getInferenceSnippets, every task × client | ${Math.round(throughput.ours)} snippets/s | peer @huggingface/inference: ${Math.round(throughput.peer)} snippets/s | ${throughput.ratio.toFixed(1)}× | ≥ 10× | ${verdict(throughput.ratio >= 10)} |`,
);

mkdirSync(new URL(".", import.meta.url), { recursive: true });
writeFileSync(new URL("results.json", import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), quick, repetitions, machine, results, throughput }, null, 2)}\n`);
console.log("\nwrote bench/results.json");
