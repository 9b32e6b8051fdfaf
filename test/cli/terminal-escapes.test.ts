import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ansiCNote } from "../../src/code/literals/shell.js";
import { runCliBatch, type CliJob, type CliOutcome } from "../helpers/cli-batch.js";
import { allTerminalPayloads, rawControlCharacters } from "../helpers/terminal-payloads.js";

/*
 * Every output of the CLI, piped, for records whose fields hold terminal escapes: stdout (plain, --json),
 * stderr, and what --copy hands the clipboard tool hold no raw control character, while the shell code still sends
 * the exact value (bash runs it with stand-ins for hf and curl that print their arguments).
 */

const payload = allTerminalPayloads;
const dir = mkdtempSync(join(tmpdir(), "terminal-escapes-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

const widget = { text: `text ${payload}`, messages: [{ role: "user", content: `message ${payload}` }] };
const chatModel = file("chat.json", {
  id: "acme/chat",
  pipeline_tag: "text-generation",
  tags: ["conversational", `tag ${payload}`],
  library_name: "transformers",
  widgetData: [widget],
  siblings: [{ rfilename: `weights ${payload}.safetensors` }, { rfilename: "config.json" }],
  inferenceProviderMapping: { together: { providerId: `together-model ${payload}`, status: "live", task: "conversational" } },
});
const asrModel = file("asr.json", {
  id: "acme/asr",
  pipeline_tag: "automatic-speech-recognition",
  inferenceProviderMapping: { "fal-ai": { providerId: `fal-model ${payload}`, status: "live", task: "automatic-speech-recognition" } },
});
const ggufModel = file("gguf.json", {
  id: "acme/gguf",
  tags: ["gguf", "conversational"],
  pipeline_tag: "text-generation",
  siblings: [{ rfilename: `model ${payload}.Q4_K_M.gguf` }],
});
const oddModel = file("odd.json", { id: "acme/odd", pipeline_tag: `task ${payload}`, library_name: `library ${payload}` });
const config = `config ${payload}`;
const split = `split ${payload}`;
const dataPath = `data/file ${payload}.parquet`;
// 🤗 Datasets refuses a card whose split names are not words joined by dots (and then every config of it): the card's
// hostile names are its config's and its file's; a hostile split name comes from a script dataset's dataset_info.
const dataset = file("dataset.json", {
  id: "acme/data",
  tags: ["format:parquet", "library:datasets", "library:pandas", "library:polars", "library:duckdb"],
  cardData: { configs: [{ config_name: config, data_files: [{ split: "train", path: dataPath }] }] },
  siblings: [{ rfilename: dataPath }],
});
const scriptDataset = file("script-dataset.json", {
  id: "acme/script",
  tags: ["format:parquet", "library:datasets"],
  cardData: { dataset_info: [{ config_name: config, splits: [{ name: split }] }] },
  siblings: [{ rfilename: "README.md" }, { rfilename: "script.py" }],
});

// A stand-in xsel (what clipboardy runs on X11 Linux) that keeps what it is given, one file per run.
const bin = join(dir, "bin");
mkdirSync(bin);
writeFileSync(join(bin, "xsel"), `#!/bin/sh\ncat > "$CLIPBOARD_FILE"\n`);
chmodSync(join(bin, "xsel"), 0o755);
const copyEnv = (name: string) => ({
  PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
  WAYLAND_DISPLAY: "",
  XDG_SESSION_TYPE: "",
  FORCE_COLOR: "0",
  CLIPBOARD_FILE: join(dir, `${name}.clip`),
});

const jobs: (CliJob & { name: string })[] = [
  ...[chatModel, asrModel, ggufModel, oddModel].flatMap((model) => [
    { name: `${model} plain`, args: ["snippet", model] },
    { name: `${model} --json`, args: ["snippet", model, "--json"] },
    { name: `${model} --library`, args: ["snippet", model, "--library"] },
    { name: `${model} apps`, args: ["apps", "list", "--model", model] },
    { name: `${model} providers`, args: ["providers", "list", "--model", model] },
    { name: `${model} providers --json`, args: ["providers", "list", "--model", model, "--json"] },
  ]),
  ...["llama.cpp", "vllm", "localai", "node-llama-cpp", "lmstudio", "ollama"].map((app) => ({
    name: `gguf --app ${app}`,
    args: ["snippet", ggufModel, "--app", app, "--json"],
  })),
  { name: "chat --copy curl", args: ["snippet", chatModel, "--copy", "--lang", "sh", "--client", "curl"], env: copyEnv("chat-curl") },
  { name: "asr --copy curl", args: ["snippet", asrModel, "--copy", "--lang", "sh", "--client", "curl"], env: copyEnv("asr-curl") },
  { name: "gguf --copy vllm", args: ["snippet", ggufModel, "--copy", "--app", "vllm", "--index", "1"], env: copyEnv("gguf-vllm") },
  { name: "dataset plain", args: ["dataset", dataset] },
  { name: "dataset --json", args: ["dataset", dataset, "--json"] },
  { name: "dataset chosen", args: ["dataset", dataset, "--config", config, "--split", "train"] },
  { name: "script dataset chosen", args: ["dataset", scriptDataset, "--config", config, "--split", split] },
  { name: "dataset unknown config", args: ["dataset", dataset, "--config", `other ${payload}`] },
  { name: "dataset --copy hf", args: ["dataset", dataset, "--copy", "--lang", "sh", "--client", "hf"], env: copyEnv("dataset-hf") },
  { name: "dataset --copy curl", args: ["dataset", scriptDataset, "--copy", "--lang", "sh", "--client", "curl"], env: copyEnv("dataset-curl") },
];

let outcomes: CliOutcome[] = [];
beforeAll(async () => {
  outcomes = await runCliBatch(jobs);
}, 120_000);

const outcome = (name: string) => outcomes[jobs.findIndex((job) => job.name === name)]!;

describe("no output of the CLI carries a record's terminal escapes raw", () => {
  it("stdout and stderr of every run, piped", () => {
    const problems = jobs.flatMap((job, index) => {
      const { stdout, stderr } = outcomes[index]!;
      return [...rawControlCharacters(stdout, `${job.name} stdout: `), ...rawControlCharacters(stderr, `${job.name} stderr: `)];
    });
    expect(problems).toEqual([]);
    // The runs did write code and messages from the hostile fields.
    expect(outcome("dataset unknown config").code).toBe(1);
    expect(outcome("dataset unknown config").stderr).toContain("\\u001b]52");
    expect(outcome(`${oddModel} plain`).stderr).toContain("\\u009b");
    expect(outcome("dataset chosen").stdout).toContain("--include $'data/file ");
  });

  it("what --copy gives the clipboard", () => {
    for (const name of ["chat-curl", "asr-curl", "gguf-vllm", "dataset-hf", "dataset-curl"]) {
      const run = outcome(jobs.find((job) => job.env?.CLIPBOARD_FILE?.endsWith(`${name}.clip`))!.name);
      expect(run.code, run.stderr).toBe(0);
      const copied = readFileSync(join(dir, `${name}.clip`), "utf8");
      expect(copied.length).toBeGreaterThan(0);
      expect(rawControlCharacters(copied, `${name}: `)).toEqual([]);
    }
  });
});

describe("the shell code still sends the exact value", () => {
  const standIns = join(dir, "stand-ins");
  mkdirSync(standIns, { recursive: true });
  for (const tool of ["hf", "curl"]) {
    writeFileSync(join(standIns, tool), "#!/usr/bin/env python3\nimport json, sys\nprint(json.dumps(sys.argv[1:]))\n");
    chmodSync(join(standIns, tool), 0o755);
  }
  const runBash = (code: string) => {
    const result = spawnSync("bash", ["-c", code], { encoding: "utf8", env: { ...process.env, PATH: `${standIns}${delimiter}${process.env.PATH ?? ""}` } });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as string[]);
  };

  it("hf download gets the data file's path, and the viewer's curl calls the config and split names, as the record holds them", () => {
    const download = readFileSync(join(dir, "dataset-hf.clip"), "utf8");
    expect(download.split("\n")).toContain(ansiCNote);
    expect(runBash(download)).toEqual([["download", "acme/data", "--repo-type", "dataset", "--include", dataPath, "--local-dir", "data"]]);
    const calls = runBash(readFileSync(join(dir, "dataset-curl.clip"), "utf8"));
    expect(calls.length).toBe(3);
    for (const call of calls.slice(1)) {
      expect(call).toContain(`config=${config}`);
      expect(call).toContain(`split=${split}`);
    }
  });

  it("a local app gets the GGUF file's name as the record holds it", () => {
    const commands = readFileSync(join(dir, "gguf-vllm.clip"), "utf8");
    const line = commands.split("\n").find((candidate) => candidate.startsWith("hf download"))!;
    expect(runBash(line)).toEqual([["download", "acme/gguf", `model ${payload}.Q4_K_M.gguf`, "--local-dir", "."]]);
  });
});

describe("a field no shell word can carry is refused, naming it", () => {
  it("a NUL or a lone surrogate in a name the shell code would hold exits 2 with the field's path", async () => {
    const nul = file("nul-dataset.json", {
      id: "acme/nul",
      tags: ["format:parquet"],
      cardData: { configs: [{ config_name: "default", data_files: [{ split: "train", path: "data/a\u0000b.parquet" }] }] },
      siblings: [{ rfilename: "data/a\u0000b.parquet" }],
    });
    const surrogate = `{"id": "acme/half", "tags": ["gguf", "conversational"], "pipeline_tag": "text-generation", "siblings": [{"rfilename": "half \\ud800.Q4_K_M.gguf"}]}`;
    writeFileSync(join(dir, "half.json"), surrogate);
    const [nulRun, halfRun] = await runCliBatch([
      { args: ["dataset", nul, "--lang", "sh", "--client", "hf"] },
      { args: ["snippet", join(dir, "half.json"), "--app", "vllm"] },
    ]);
    expect(nulRun!.code, nulRun!.stdout).toBe(2);
    expect(nulRun!.stderr).toMatch(/^hub-snippets: acme\/nul: \$\.cardData\.configs\[0\]\.data_files\[0\]\.path holds a NUL, which no shell word can carry/);
    expect(halfRun!.code, halfRun!.stdout).toBe(2);
    expect(halfRun!.stderr).toMatch(/^hub-snippets: acme\/half: \$\.siblings\[0\]\.rfilename holds a lone surrogate/);
  });
});
