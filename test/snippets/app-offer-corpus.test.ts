import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { appsRunningIn } from "../../src/apps/snippets.js";
import { recordView } from "../../src/model/view.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { installedNames } from "../helpers/package-names.js";
import { getLocalAppSnippets } from "../helpers/record-twins.js";

/*
 * Issue 42's corpus: model records written as the Hub's model API answers them (`?blobs=true` where sizes are
 * given), each with the answer a user should get: the apps offered (and the ones that cannot run it), the
 * quantization llama.cpp and Ollama are given, the packages the library code installs, and whether hosted code is
 * written. Owners named example-org and acme-corp are records made for an edge case, not copies of a repository.
 */

const dir = fileURLToPath(new URL("../fixtures/issue42/", import.meta.url));
const raw = (name: string) => JSON.parse(readFileSync(`${dir}${name}.json`, "utf8")) as Record<string, unknown>;
const record = (name: string): ModelRecord => ModelRecordSchema.parse(raw(name));

interface Expected {
  /** Inference snippets written (a live provider, or hf-inference assumed); false: none, for the reason matched. */
  hosted: true | RegExp;
  /** The library whose code is written, and the packages its install lines name beside it. */
  library?: [client: string, packages: string[]];
  /** Texts the library code holds (a regular expression), and words it never holds. */
  libraryCode?: RegExp[];
  libraryCodeNever?: string[];
  /** Apps `apps list --model` names (among others). */
  apps?: string[];
  /** Apps it must not name. */
  appsNever?: string[];
  /** The tag llama.cpp runs (`-hf <id>:<tag>`). */
  llamaCpp?: string;
  /** The tag Ollama pulls, or null: Ollama cannot run it (every quantization split). */
  ollama?: string | null;
  /** With --memory: what llama.cpp and Ollama get. */
  memory?: [memory: string, llamaCpp: string, ollama: string | null];
  /** The reason every part of the answer gives instead of code. */
  refused?: RegExp;
}

const ggufApps = ["llama.cpp", "lmstudio", "node-llama-cpp", "docker-model-runner"];
const servingApps = ["vllm", "sglang", "docker-model-runner"];
const optOut = /opts out of hosted inference \(inference: false\) and the record maps no provider/;
const noHostedGguf = /hf-inference does not run this kind of model \(gguf\)/;

const expected: Record<string, Expected> = {
  // Pre-quantized checkpoints: the transformers install line names what the quantizer of quant_method checks for.
  "meta-llama-3.1-8b-instruct-awq-int4": {
    hosted: true,
    library: ["transformers", ["gptqmodel", "accelerate"]],
    apps: servingApps,
    appsNever: ["llama.cpp", "ollama"],
  },
  "qwen2.5-32b-instruct-gptq-int4": { hosted: true, library: ["transformers", ["optimum", "gptqmodel"]], apps: servingApps },
  "bloom-1b7-bnb-8bit": { hosted: true, library: ["transformers", ["bitsandbytes", "accelerate"]], apps: servingApps },
  "meta-llama-3.1-8b-instruct-fp8-compressed-tensors": { hosted: true, library: ["transformers", ["compressed-tensors"]], apps: servingApps },
  "qwen2.5-7b-instruct-w4a16-compressed-tensors": { hosted: true, library: ["transformers", ["compressed-tensors"]], apps: servingApps },
  "phi-4-mini-instruct-torchao-int4": { hosted: true, library: ["transformers", ["torchao"]], apps: servingApps },
  "llama-3.1-8b-instruct-hqq-4bit": { hosted: true, library: ["transformers", ["hqq"]], apps: servingApps },
  "meta-llama-3-8b-instruct-aqlm-2bit": { hosted: true, library: ["transformers", ["aqlm", "accelerate"]], apps: servingApps },
  "meta-llama-3.1-8b-instruct-vptq": { hosted: true, library: ["transformers", ["vptq", "accelerate"]], apps: servingApps },
  "gpt-oss-20b-mxfp4": { hosted: true, library: ["transformers", ["kernels", "accelerate"]], apps: servingApps },
  "llama-4-maverick-17b-128e-instruct-fbgemm-fp8": { hosted: true, library: ["transformers", ["fbgemm-gpu", "accelerate"]], apps: servingApps },
  "qwen2.5-7b-instruct-auto-round-int4": { hosted: true, library: ["transformers", ["auto-round"]], apps: servingApps },
  "bitnet-b1.58-2b-4t": { hosted: true, library: ["transformers", ["accelerate"]], apps: servingApps },
  "qwen2.5-7b-instruct-quanto-int8": { hosted: true, library: ["transformers", ["optimum-quanto", "accelerate"]], apps: servingApps },
  "qwen2.5-7b-instruct-awq": { hosted: true, library: ["transformers", ["gptqmodel", "accelerate"]], apps: servingApps },
  "llama-3.2-1b-instruct-bnb-4bit": { hosted: true, library: ["transformers", ["bitsandbytes", "accelerate"]], apps: [...servingApps, "unsloth"] },
  "qwen3-8b-fp8": { hosted: true, library: ["transformers", ["accelerate"]], apps: servingApps },
  // The card's opt-out: no hosted code without a provider mapping; the local code and apps as usual.
  "llama-2-13b-chat-awq-inference-false": { hosted: optOut, library: ["transformers", ["gptqmodel", "accelerate"]], apps: servingApps },
  "mistral-7b-instruct-v0.2-gptq-inference-false": { hosted: optOut, library: ["transformers", ["optimum", "gptqmodel"]], apps: servingApps },
  "qwen3-30b-a3b-base-inference-false-no-mapping": { hosted: optOut, library: ["transformers", []], apps: servingApps },
  // A live mapping serves the model whatever the card says; both shapes of the mapping.
  "qwen3-30b-a3b-list-mapping-inference-false": { hosted: true, library: ["transformers", []], apps: servingApps },
  "qwen3-235b-a22b-instruct-2507-object-mapping": { hosted: true, library: ["transformers", []], apps: servingApps },
  // Disabled: no code anywhere, one reason.
  "qwen3-32b-disabled": { hosted: /disabled on the Hub/, refused: /disabled on the Hub \(disabled: true\)/ },
  "disabled-llama-2-7b-gguf": { hosted: /disabled on the Hub/, refused: /disabled on the Hub \(disabled: true\)/ },
  "disabled-sst2-classifier": { hosted: /disabled on the Hub/, refused: /disabled on the Hub \(disabled: true\)/ },
  // GGUF repositories of six publishers.
  "bartowski-llama-3.3-70b-instruct-gguf": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama", "vllm"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
    // Q6_K and Q8_0 are two parts each: llama.cpp takes Q6_K at 80 GB, Ollama the biggest single file, Q5_K_M.
    memory: ["80GB", "Q6_K", "Q5_K_M"],
  },
  "unsloth-gemma-3-12b-it-gguf-mmproj": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
    // llama.cpp fetches mmproj-BF16 (854 MB) beside the weights: Q6_K (9.66 GB + 1.93 GB for the context) no longer
    // fits in 12 GB with it. Ollama's rule for the projector is not verified, so its fit counts the weights alone.
    memory: ["12GB", "UD-Q4_K_XL", "Q6_K"],
  },
  "unsloth-deepseek-r1-gguf-all-split": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: ggufApps,
    appsNever: ["ollama"],
    llamaCpp: "Q4_K_M",
    ollama: null,
    memory: ["256GB", "UD-IQ2_XXS", null],
  },
  "unsloth-qwen3-4b-instruct-2507-gguf-inference-false": {
    hosted: optOut,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama", "pi"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "lmstudio-community-qwen3-14b-gguf": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama", "pi"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "thebloke-llama-2-7b-chat-gguf": { hosted: optOut, library: ["llama-cpp-python", []], apps: [...ggufApps, "ollama"], llamaCpp: "Q4_K_M", ollama: "Q4_K_M" },
  // mradermacher's Q6_K and Q8_0 are byte pieces (.gguf.part1of2) to join with cat, which no consumer is given.
  "mradermacher-qwen2.5-72b-instruct-gguf-parts": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
    memory: ["96GB", "Q4_K_M", "Q4_K_M"],
  },
  "mradermacher-mistral-small-24b-instruct-i1-gguf": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "ggml-org-gpt-oss-120b-gguf-split": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: ggufApps,
    appsNever: ["ollama"],
    llamaCpp: "MXFP4",
    ollama: null,
  },
  "ggml-org-gemma-3-4b-it-gguf": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "example-smollm2-1.7b-instruct-gguf-one-part": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "qwen2.5-7b-instruct-gguf-sizes": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q3_K_M",
  },
  "google-gemma-3-1b-it-qat-q4_0-gguf-gated": {
    hosted: noHostedGguf,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_0",
    ollama: "Q4_0",
  },
  "private-support-bot-gguf": {
    hosted: /is private: no shared inference provider/,
    library: ["llama-cpp-python", []],
    apps: [...ggufApps, "ollama"],
    llamaCpp: "Q4_K_M",
    ollama: "Q4_K_M",
  },
  "nomic-embed-text-v1.5-gguf": { hosted: noHostedGguf, library: ["llama-cpp-python", []], llamaCpp: "Q4_K_M" },
  // A diffusion model's GGUF files (no context length in the header): no language-model app runs them, and
  // llama-cpp-python does not load them either: its code says so instead of a Llama call.
  "city96-flux.1-dev-gguf-diffusion": {
    hosted: /hf-inference does not run this kind of model \(gguf\) for text-to-image/,
    library: ["llama-cpp-python", []],
    libraryCode: [/not a language model/],
    libraryCodeNever: ["Llama"],
    appsNever: ["llama.cpp", "ollama", "lmstudio"],
  },
  "lmstudio-community-qwen3-30b-a3b-mlx-4bit": {
    hosted: /does not run this kind of model \(mlx\)/,
    library: ["mlx", ["mlx-lm"]],
    apps: ["mlx-lm", "lmstudio"],
    appsNever: ["llama.cpp", "ollama", "vllm"],
  },
};

const names = readdirSync(dir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length))
  .sort();

const appCode = (model: ModelRecord, app: string, memory?: string) =>
  getLocalAppSnippets(model, app, memory === undefined ? {} : { memory })
    .map((snippet) => snippet.content)
    .join("\n");

/** The tag an app's command runs, or null when its snippet says it cannot run the model. */
function tagOf(code: string, command: RegExp): string | null {
  if (/cannot run/.test(code)) return null;
  const tag = command.exec(code)?.[1];
  if (tag === undefined) throw new Error(`no command in:\n${code}`);
  return tag;
}
const llamaTag = (code: string) => tagOf(code, /llama-server -hf \S+:(\S+)/);
const ollamaTag = (code: string) => tagOf(code, /ollama run hf\.co\/\S+:(\S+)/);

describe("issue 42's corpus of model records", () => {
  it("holds at least 40 records, each with its expected answer", () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(names.filter((name) => !(name in expected))).toEqual([]);
    expect(Object.keys(expected).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(names)("%s is written as the Hub's model API answers it", (name) => {
    const json = raw(name);
    for (const field of [
      "_id",
      "id",
      "modelId",
      "author",
      "sha",
      "lastModified",
      "private",
      "gated",
      "disabled",
      "downloads",
      "likes",
      "tags",
      "siblings",
      "createdAt",
    ]) {
      expect(json, field).toHaveProperty(field);
    }
    expect(json["id"]).toBe(json["modelId"]);
    expect(String(json["id"]).split("/")[0]).toBe(json["author"]);
    expect(json["sha"]).toMatch(/^[0-9a-f]{40}$/);
    expect(json["_id"]).toMatch(/^[0-9a-f]{24}$/);
    // A GGUF repository's record carries the header the Hub reads from its files.
    if (json["library_name"] === "gguf") expect(json).toHaveProperty("gguf.total");
  });
});

describe.each(names.filter((name) => name in expected))("%s", (name) => {
  const want = expected[name]!;
  const model = record(name);

  it("gets the hosted code, library code and apps it should", () => {
    const answer = getModelSnippets(model);
    const kinds = (kind: string) => answer.snippets.filter((snippet) => snippet.kind === kind);
    if (want.refused) {
      expect(answer.snippets).toEqual([]);
      for (const reason of Object.values(answer.missing)) expect(reason).toMatch(want.refused);
      // The apps list agrees: no app runs a model whose files are not served.
      expect(appsRunningIn(recordView(model))).toEqual([]);
      return;
    }
    if (want.hosted === true) expect(kinds("inference").length).toBeGreaterThan(0);
    else {
      expect(kinds("inference")).toEqual([]);
      expect(answer.missing.inference ?? answer.notes.join("\n")).toMatch(want.hosted);
    }
    if (want.library) {
      const [client, packages] = want.library;
      const library = kinds("library");
      expect(library.length).toBeGreaterThan(0);
      for (const snippet of library) {
        expect(snippet.client).toBe(client);
        expect(installedNames(snippet.install ?? "").pip).toEqual(expect.arrayContaining(packages));
        for (const text of want.libraryCode ?? []) expect(snippet.content).toMatch(text);
        for (const word of want.libraryCodeNever ?? []) expect(snippet.content).not.toContain(word);
      }
    }
    const offered = appsRunningIn(recordView(model)).map((app) => app.key);
    expect(offered).toEqual(expect.arrayContaining(want.apps ?? []));
    for (const app of want.appsNever ?? []) expect(offered).not.toContain(app);
    const answered = [...answer.snippets.filter((snippet) => snippet.kind === "app").map((snippet) => snippet.client), ...answer.otherApps];
    for (const app of want.appsNever ?? []) expect(answered).not.toContain(app);
  });

  // (Only where the record has quantizations to choose: no test is made, and none skipped, for the others.)
  if (want.llamaCpp !== undefined || want.ollama !== undefined)
    it("gives llama.cpp and Ollama the quantization each loads", () => {
      if (want.llamaCpp !== undefined) expect(llamaTag(appCode(model, "llama.cpp"))).toBe(want.llamaCpp);
      if (want.ollama !== undefined) expect(ollamaTag(appCode(model, "ollama"))).toBe(want.ollama);
    });

  if (want.memory !== undefined)
    it("with --memory, the biggest quantization each loads that fits", () => {
      const [memory, llamaCpp, ollama] = want.memory!;
      expect(llamaTag(appCode(model, "llama.cpp", memory))).toBe(llamaCpp);
      expect(ollamaTag(appCode(model, "ollama", memory))).toBe(ollama);
    });
});
