import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { listApps } from "../../src/catalogue/apps.js";
import { parseModelRecord } from "../../src/model/read.js";
import type { ModelRecord } from "../../src/model/record.js";
import { shortlistFor } from "../../src/apps/snippets.js";
import { recordView } from "../../src/model/view.js";
import { namedLiveProviders } from "../../src/inference/provider-choice.js";
import { inferenceKindOf, type InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { inferenceKinds } from "../../src/catalogue/inference-kinds.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { type ModelSnippetOptions } from "../../src/model-answer/answer.js";
import { modelNotebook } from "../../src/notebook/model-notebook.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";
import { appRecords } from "./app-records.js";
import { providerCorpusCases, recordFor, optionSets as inferenceOptionSets } from "./corpus.js";
import { hostileCase } from "./hostile-records.js";
import { SEED } from "./hostile-snippets.js";
import {
  accessNote,
  appsForModel,
  buildInferenceRequest,
  chooseGgufQuant,
  chooseProvider,
  getAllLocalAppSnippets,
  getLibrarySnippets,
  getLocalAppSnippets,
  libraryKeyOf,
  modelFormats,
  withTaskFromMapping,
} from "./record-twins.js";

/*
 * Everything the product writes from a model record, over every record we hold: the answer of each public entry
 * (getModelSnippets with the option sets the faces use, getInferenceSnippets, buildInferenceRequest, chooseProvider,
 * namedLiveProviders, the library and local-app snippets, the facts the catalogue reads), errors included as
 * values. test/model/output-corpus.test.ts holds it to a committed digest, so that a change meant to keep the
 * output (a refactoring, a speed-up) shows any byte it moves.
 */

/** A record of the corpus: its name, where it is stored (for the CLI), and its JSON text. */
export interface CorpusRecord {
  name: string;
  /** The file it is read from, relative to the repository's root; undefined for a record held only in memory. */
  file: string | undefined;
  text: string;
}

const root = new URL("../../", import.meta.url);
const jsonFiles = (folder: string) =>
  readdirSync(new URL(folder, root))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `${folder}${file}`);

/** Folders of single records (a file each) beside the ones app-records.ts reads. */
const recordFolders = [
  "examples/",
  "test/fixtures/no-mapping/",
  "test/fixtures/providers/",
  "test/fixtures/browser/",
  "test/fixtures/issue32-gguf/",
  "test/fixtures/issue32-libs/",
  "test/fixtures/issue32-wire/",
  "test/fixtures/libraries/",
];

/** Every model record: the files of the folders above, then the apps differential's corpus (hub records, fixtures, generated shapes). */
export function corpusRecords(): CorpusRecord[] {
  const files = recordFolders.flatMap(jsonFiles).map((file) => ({ name: file, file, text: readFileSync(new URL(file, root), "utf8") }));
  const stored = (name: string): string | undefined => {
    const file = `test/fixtures/${name}.json`;
    try {
      readFileSync(new URL(file, root));
      return file;
    } catch {
      return undefined;
    }
  };
  const others = appRecords().map(({ name, json }) => ({ name, file: stored(name), text: JSON.stringify(json) }));
  return [...files, ...others.map((record) => (record.file === undefined ? record : { ...record, text: readFileSync(new URL(record.file, root), "utf8") }))];
}

/** A call's result, or the error it threw, as plain data. */
export function outcome(call: () => unknown): unknown {
  try {
    const value = call();
    return value === undefined ? { undefined: true } : value;
  } catch (error) {
    if (error instanceof Error) return { error: error.constructor.name, message: error.message, exitCode: (error as { exitCode?: unknown }).exitCode };
    return { thrown: String(error) };
  }
}

/** The chat options' sets: a policy, structured output and tools, alone and with what they refuse. */
const jsonSchema = { schema: { type: "object", properties: { answer: { type: "string" } } } };
const tools = [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }];
const chatOptionSets: Record<string, ModelSnippetOptions> = {
  policy: { policy: "fastest" },
  "policy provider": { policy: "cheapest", provider: "together" },
  "policy endpoint": { policy: "fastest", endpointUrl: "https://example.endpoints.huggingface.cloud/" },
  "json schema": { jsonSchema },
  "json schema stream": { jsonSchema, stream: true },
  "json schema policy": { jsonSchema, policy: "fastest" },
  tools: { tools },
};

/** The option sets of getModelSnippets every record is answered with: what the CLI, the browser and the API ask. */
function modelOptionSets(model: ModelRecord): Record<string, ModelSnippetOptions> {
  const sets: Record<string, ModelSnippetOptions> = {
    default: {},
    "all-apps": { allApps: true },
    library: { kind: "library" },
    "library python": { kind: "library", language: "python" },
    "app all": { kind: "app", allApps: true },
    "app llama.cpp 16GB": { app: "llama.cpp", memory: "16GB" },
    "app ollama": { app: "ollama" },
    inference: { kind: "inference" },
    "inference auto": { kind: "inference", provider: "auto" },
    "inference hf-inference": { kind: "inference", provider: "hf-inference" },
    "inference stream": { kind: "inference", stream: true },
    "inference endpoint": { endpointUrl: "https://example.endpoints.huggingface.cloud" },
    "inference token bill-to": { token: "hf_literal", billTo: "acme-org" },
    "python requests": { language: "python", client: "requests" },
    sh: { language: "sh" },
    "client gguf": { client: "gguf" },
    "browser inference": { kind: "inference", client: "" },
    ...Object.fromEntries(Object.entries(chatOptionSets).map(([name, options]) => [`inference ${name}`, options])),
  };
  for (const entry of providerEntries(model)) {
    sets[`provider ${entry}`] = { kind: "inference", provider: entry };
    sets[`direct ${entry}`] = { kind: "inference", provider: entry, direct: true };
  }
  return sets;
}

/** The providers a record's mapping names, in either of its shapes. */
function providerEntries(model: ModelRecord): string[] {
  const mapping = model.inferenceProviderMapping;
  if (mapping === undefined) return [];
  return [...new Set(Array.isArray(mapping) ? mapping.map((entry) => entry.provider) : Object.keys(mapping))];
}

const inferenceOptions = (model: ModelRecord): Record<string, InferenceSnippetOptions> => ({
  default: {},
  auto: { provider: "auto" },
  "auto route": { provider: "auto", routeProvider: providerEntries(model)[0] ?? "together" },
  stream: { stream: true },
  endpoint: { endpointUrl: "https://example.endpoints.huggingface.cloud/" },
  ...chatOptionSets,
  ...Object.fromEntries(
    providerEntries(model).flatMap((provider) => [
      [`router ${provider}`, { provider }],
      [`direct ${provider}`, { provider, direct: true }],
      [`json schema ${provider}`, { provider, jsonSchema }],
    ]),
  ),
});

/** Everything written from one record. */
export function renderRecord(text: string, name: string): Record<string, unknown> {
  let model: ModelRecord;
  try {
    model = parseModelRecord(text, name);
  } catch (error) {
    return {
      parse: outcome(() => {
        throw error;
      }),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [set, options] of Object.entries(modelOptionSets(model))) out[`model ${set}`] = outcome(() => getModelSnippets(model, options));
  // The browser's model page: its answer for the toggles, with its notebook (`n`) where the core refuses nothing.
  out["model browser page"] = outcome(() => {
    const { decision, ...answer } = pageAnswer(model, { provider: undefined, policy: undefined, stream: false, memory: undefined });
    return answer.refused === undefined ? { ...answer, notebook: modelNotebook(decision, answer) } : answer;
  });
  out["model browser page 8GB"] = outcome(() => {
    const { decision: _decision, ...answer } = pageAnswer(model, { provider: undefined, policy: undefined, stream: false, memory: "8GB" });
    return answer;
  });
  for (const [set, options] of Object.entries(inferenceOptions(model))) {
    out[`inference ${set}`] = outcome(() => getInferenceSnippets(model, options));
    out[`request ${set}`] = outcome(() => buildInferenceRequest(model, options));
  }
  const kind = inferenceKindOf(withTaskFromMapping(model));
  out["kind"] = outcome(() => kind);
  out["named live providers"] = outcome(() => namedLiveProviders(recordView(model)));
  for (const asked of [undefined, "auto", "hf-inference", "not-a-provider", ...providerEntries(model)]) {
    out[`choose ${asked}`] = outcome(() => (kind === undefined ? "no kind" : chooseProvider(model, kind, asked)));
  }
  out["library"] = outcome(() => getLibrarySnippets(model));
  out["library key"] = outcome(() => libraryKeyOf(model));
  out["apps"] = outcome(() => getAllLocalAppSnippets(model));
  out["apps 16GB"] = outcome(() => getAllLocalAppSnippets(model, { memory: "16GB" }));
  for (const app of listApps()) out[`app ${app.key}`] = outcome(() => getLocalAppSnippets(model, app.key));
  out["app llama.cpp 4GB"] = outcome(() => getLocalAppSnippets(model, "llama.cpp", { memory: 4e9 }));
  out["shortlist"] = outcome(() => shortlistFor(recordView(model).formats));
  out["apps for model"] = outcome(() => appsForModel(model).map((app) => app.key));
  out["formats"] = outcome(() => [...modelFormats(model)].sort());
  out["access note"] = outcome(() => accessNote(model));
  out["gguf quant"] = outcome(() => chooseGgufQuant(model));
  out["gguf quant 8GB"] = outcome(() => chooseGgufQuant(model, { memory: 8e9 }));
  return out;
}

/** The inference kinds' records with the option sets and providers of test/helpers/corpus.ts, and seeded hostile records. */
function syntheticRecords(): { name: string; text: string; options: InferenceSnippetOptions }[] {
  const kinds = inferenceKinds.flatMap((kind) =>
    Object.entries(inferenceOptionSets).map(([set, options]) => ({ name: `kind ${kind} ${set}`, text: JSON.stringify(recordFor(kind)), options })),
  );
  const providers = providerCorpusCases().map(({ kind, optionSet, options }) => ({
    name: `kind ${kind} ${optionSet}`,
    text: JSON.stringify(recordFor(kind)),
    options,
  }));
  const hostile = fc
    .sample(hostileCase(), { seed: SEED, numRuns: 150 })
    .map((c, index) => ({ name: `hostile ${index} ${c.kind}`, text: JSON.stringify(c.record), options: c.options }));
  return [...kinds, ...providers, ...hostile];
}

/** Every record's output, by record name. */
export function renderCorpus(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, text } of corpusRecords()) out[`record ${name}`] = renderRecord(text, name);
  for (const { name, text, options } of syntheticRecords()) {
    out[name] = outcome(() => {
      const model = parseModelRecord(text, "synthetic.json");
      return {
        snippets: outcome(() => getInferenceSnippets(model, options)),
        request: outcome(() => buildInferenceRequest(model, options)),
        answer: outcome(() => getModelSnippets(model, options)),
      };
    });
  }
  return out;
}

/** A value's JSON with every object's keys sorted: the order a builder added them in is not output. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    entry !== null && typeof entry === "object" && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );

/** A short digest of a value's canonical JSON. */
export const digestOf = (value: unknown): string => createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 16);
