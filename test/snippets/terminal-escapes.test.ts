import { describe, expect, it } from "vitest";
import { listApps } from "../../src/catalogue/apps.js";
import { listLibraryKeys } from "../../src/catalogue/libraries.js";
import { DatasetRecordSchema } from "../../src/dataset/record.js";
import { UserError } from "../../src/errors.js";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetClientNames } from "../../src/dataset/client-names.js";
import { datasetView } from "../../src/dataset/view.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { ansiCNote, usesAnsiC } from "../../src/code/literals/shell.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { type ModelSnippetOptions } from "../../src/model-answer/answer.js";
import { inferenceKinds } from "../../src/catalogue/inference-kinds.js";
import { optionSets, providerCorpusCases, taggingOf } from "../helpers/corpus.js";
import { allTerminalPayloads, rawControlCharacters, terminalPayloads } from "../helpers/terminal-payloads.js";

/*
 * Terminal escapes (OSC 52, OSC 0, CSI, C1 CSI, BEL, BS, CR, DEL, U+2028) in every field a snippet reads, for every
 * inference kind on every provider, every library, every app and every dataset client: no snippet holds one raw.
 */

const payload = allTerminalPayloads;

const ggufFile = { rfilename: `model ${payload}.Q4_K_M.gguf` };

function hostileModel(extra: Record<string, unknown>) {
  const widget = {
    text: `text ${payload}`,
    context: `context ${payload}`,
    candidate_labels: [`label ${payload}`],
    source_sentence: `source ${payload}`,
    sentences: [`sentence ${payload}`],
    table: { [`column ${payload}`]: [`cell ${payload}`] },
    structuredData: { [`feature ${payload}`]: [`value ${payload}`] },
    messages: [{ role: "user", content: `message ${payload}` }],
  };
  return ModelRecordSchema.parse({
    id: "acme/hostile",
    tags: [`tag ${payload}`],
    widgetData: [widget],
    mask_token: `[MASK]${payload}`,
    cardData: { instance_prompt: `prompt ${payload}`, base_model: `base/model${payload}` },
    siblings: [{ rfilename: `weights ${payload}.safetensors` }, { rfilename: `sub ${payload}/config.json` }],
    config: { architectures: [`Arch${payload}`], model_type: `type${payload}` },
    ...extra,
  });
}

interface Case {
  name: string;
  content: string;
}

function scan(cases: Case[]): string[] {
  return cases.flatMap((c) => rawControlCharacters(c.content, `${c.name}: `));
}

describe("a record's terminal escapes reach no snippet raw", () => {
  it("covers payloads a terminal acts on", () => {
    expect(terminalPayloads.length).toBeGreaterThanOrEqual(10);
    expect(rawControlCharacters(payload).length).toBeGreaterThan(0);
  });

  it("inference: every kind, on every provider (router and direct), with every option set", () => {
    const cases: Case[] = [];
    const runs: { kind: (typeof inferenceKinds)[number]; name: string; options: ModelSnippetOptions; provider?: string }[] = [
      ...inferenceKinds.flatMap((kind) => Object.entries(optionSets).map(([name, options]) => ({ kind, name, options }))),
      ...providerCorpusCases().map(({ kind, optionSet, options }) => ({ kind, name: optionSet, options, provider: options.provider })),
    ];
    for (const run of runs) {
      const task = run.kind === "conversational" ? "conversational" : taggingOf(run.kind).pipeline_tag;
      const mapping = run.provider ? { [run.provider]: { providerId: `provider-model ${payload}`, status: "live", task } } : undefined;
      const model = hostileModel({ ...taggingOf(run.kind), ...(mapping ? { inferenceProviderMapping: mapping } : {}) });
      for (const snippet of getModelSnippets(model, { ...run.options, kind: "inference" }).snippets) {
        cases.push({ name: `${run.kind} ${run.name} ${snippet.language}/${snippet.client}`, content: snippet.content });
      }
    }
    console.log(`terminal escapes: ${cases.length} inference snippets from ${runs.length} runs`);
    expect(cases.length).toBeGreaterThan(500);
    expect(scan(cases)).toEqual([]);
    // The shell snippets that hold a $'…' word say which shells read it.
    const ansiC = cases.filter((c) => usesAnsiC(c.content));
    expect(ansiC.length).toBeGreaterThan(0);
    expect(ansiC.filter((c) => !c.content.split("\n").includes(ansiCNote)).map((c) => c.name)).toEqual([]);
  });

  it("libraries and apps: every library's loading code and every app's commands", () => {
    const cases: Case[] = [];
    for (const library of listLibraryKeys()) {
      const model = hostileModel({ library_name: library, pipeline_tag: "text-generation" });
      for (const snippet of getModelSnippets(model, { kind: "library" }).snippets)
        cases.push({ name: `library ${library} ${snippet.client}`, content: snippet.content });
    }
    const gguf = hostileModel({ library_name: "gguf", pipeline_tag: "text-generation", tags: ["gguf", "conversational"], siblings: [ggufFile] });
    for (const app of listApps()) {
      for (const snippet of getModelSnippets(gguf, { kind: "app", app: app.key }).snippets) cases.push({ name: `app ${app.key}`, content: snippet.content });
    }
    console.log(`terminal escapes: ${cases.length} library and app snippets`);
    expect(cases.length).toBeGreaterThan(150);
    expect(scan(cases)).toEqual([]);
  });

  it("datasets: every client, for configs, splits, data files and a data_dir holding escapes", () => {
    const record = DatasetRecordSchema.parse({
      id: "acme/hostile-data",
      // Every client's tag but LeRobot's and FiftyOne's, whose repositories are downloaded whole (no --include words).
      tags: ["format:parquet", ...datasetClientNames.filter((client) => client !== "lerobot" && client !== "fiftyone").map((client) => `library:${client}`)],
      cardData: {
        configs: [
          // 🤗 Datasets refuses a card whose split names are not words (and every config with it): the card's
          // split is a word; the script dataset below names a split holding the escapes through its dataset_info.
          { config_name: `config ${payload}`, data_files: [{ split: "train", path: `data/file ${payload}.parquet` }] },
          { config_name: "by-dir", data_dir: `dir ${payload}` },
          // The card's reader options, written into every reader's code: a one-character separator (ESC), names, a field.
          { config_name: "options", data_files: "options/*.csv", sep: "\u001b", names: [`name ${payload}`, "b"], comment: "\u0007" },
          { config_name: "field", data_files: "field/*.json", field: `field ${payload}` },
        ],
      },
      siblings: [
        { rfilename: `data/file ${payload}.parquet` },
        { rfilename: `dir ${payload}/train.parquet` },
        { rfilename: "options/a.csv" },
        { rfilename: "field/a.json" },
      ],
    });
    const script = DatasetRecordSchema.parse({
      id: "acme/hostile-script",
      tags: record.tags,
      cardData: { dataset_info: [{ config_name: `config ${payload}`, splits: [{ name: `split ${payload}` }] }] },
      siblings: [{ rfilename: "hostile-script.py" }],
    });
    const cases: Case[] = [];
    const choicesOf = (of: typeof record) => [
      {},
      ...datasetView(of).configs.flatMap((config) => [{ config: config.name }, ...config.splits.map((split) => ({ config: config.name, split: split.name }))]),
    ];
    const choices = [...choicesOf(record), ...choicesOf(script)];
    for (const of of [record, script]) {
      for (const choice of choicesOf(of)) {
        for (const client of datasetClientNames) {
          for (const snippet of getDatasetSnippets(of, { ...choice, client }).snippets)
            cases.push({ name: `${of.id} ${JSON.stringify(choice)} ${client}`, content: snippet.content });
        }
      }
    }
    console.log(`terminal escapes: ${cases.length} dataset snippets from ${choices.length} choices`);
    expect(choices.length).toBeGreaterThanOrEqual(3);
    expect(scan(cases)).toEqual([]);
    expect(cases.some((c) => c.content.includes("--include $'"))).toBe(true);
    expect(cases.some((c) => c.content.includes("--data-urlencode $'config="))).toBe(true);
    // The options reached the readers, escaped: Polars' separator, DuckDB's delim, pandas' field.
    expect(cases.some((c) => c.content.includes('separator="\\x1b"'))).toBe(true);
    expect(cases.some((c) => c.content.includes("delim = '\\x1b'"))).toBe(true);
    expect(cases.some((c) => c.content.includes('field = "field '))).toBe(true);
  });
});

describe("a value no shell word can carry is refused, naming the record's field", () => {
  it("a lone surrogate in a GGUF file name an app downloads, and a NUL in a dataset's data file", () => {
    const gguf = ModelRecordSchema.parse({
      id: "acme/half",
      tags: ["gguf", "conversational"],
      pipeline_tag: "text-generation",
      siblings: [{ rfilename: "half \ud800.Q4_K_M.gguf" }],
    });
    expect(() => getModelSnippets(gguf, { app: "vllm" })).toThrow(
      /^acme\/half: \$\.siblings\[0\]\.rfilename holds a lone surrogate, which no shell word can carry/,
    );
    const nul = DatasetRecordSchema.parse({
      id: "acme/nul",
      tags: ["format:parquet"],
      cardData: { configs: [{ config_name: "default", data_files: [{ split: "train", path: "data/a\u0000b.parquet" }] }] },
      siblings: [{ rfilename: "data/a\u0000b.parquet" }],
    });
    let thrown: unknown;
    try {
      getDatasetSnippets(nul, { client: "hf" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).exitCode).toBe(2);
    expect((thrown as UserError).message).toMatch(/\$\.cardData\.configs\[0\]\.data_files\[0\]\.path holds a NUL/);
  });
});
