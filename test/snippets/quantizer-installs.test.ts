import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { quantizersData } from "../../src/catalogue/quantizers.js";
import { QuantizersDataSchema } from "../../src/catalogue/schema.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { readHubRecord } from "../helpers/hub-records.js";
import { installedNames, pypiName } from "../helpers/package-names.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Issue 42, E: a pre-quantized checkpoint's transformers install line names what transformers' quantizer for its
 * quant_method checks is installed (data/quantizers.json), and that data is held to the installed transformers:
 * test/python/quantizer_requirements.py reads every quantizer's is_<name>_available() checks from its source.
 */

const own = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/issue42/${name}.json`, import.meta.url)), "utf8")));
const installs = (model: ModelRecord) => getLibrarySnippets(model).map((snippet) => installedNames(snippet.install ?? "").pip);

describe("the transformers install line of a pre-quantized checkpoint", () => {
  it.each([
    ["qwen2.5-7b-instruct-awq", ["gptqmodel", "accelerate"]],
    ["mistral-7b-instruct-v0.2-gptq-inference-false", ["optimum", "gptqmodel"]],
    ["llama-3.2-1b-instruct-bnb-4bit", ["bitsandbytes", "accelerate"]],
    ["qwen3-8b-fp8", ["accelerate"]],
  ])("%s installs %j beside transformers and torch", (name, packages) => {
    const lines = installs(own(name));
    expect(lines.length).toBeGreaterThan(0);
    for (const names of lines) expect(names).toEqual(expect.arrayContaining(["transformers", "torch", ...packages]));
  });

  it("DeepSeek-R1 (fine-grained FP8, the Hub corpus record) installs accelerate", () => {
    for (const names of installs(readHubRecord("deepseek-r1"))) expect(names).toContain("accelerate");
  });

  it("a checkpoint without quantization_config gets none of them", () => {
    const plain = ModelRecordSchema.parse({
      id: "someone/plain",
      library_name: "transformers",
      pipeline_tag: "text-classification",
      config: { model_type: "bert" },
    });
    expect(installs(plain)).toEqual([
      ["transformers", "torch"],
      ["transformers", "torch"],
    ]);
  });
});

describe("data/quantizers.json", () => {
  const data = quantizersData();

  it("matches its schema", () => {
    expect(QuantizersDataSchema.safeParse(data).success).toBe(true);
  });

  it("names only packages of the checked copy of PyPI names (test/fixtures/install/package-names.json)", () => {
    const checked = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/install/package-names.json", import.meta.url)), "utf8")) as {
      pip: Record<string, unknown>;
    };
    const known = new Set(Object.keys(checked.pip).map(pypiName));
    const named = [...new Set(Object.values(data.methods).flatMap((method) => method.pip))];
    expect(named.filter((name) => !known.has(pypiName(name)))).toEqual([]);
  });
});

const haveTransformers = venvHas(["transformers"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries");

describe.skipIf(!haveTransformers)("data/quantizers.json against the installed transformers' quantizers", () => {
  it("holds every quant_method, with every package its quantizer checks, but the deliberate differences", () => {
    const script = fileURLToPath(new URL("../python/quantizer_requirements.py", import.meta.url));
    const run = spawnSync(librariesPython, [script], { encoding: "utf8", timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const oracle = JSON.parse(run.stdout) as { transformers: string; methods: Record<string, Record<string, string | null>> };
    const data = quantizersData();
    // transformers' key → ours: its own name, or the quant_method whose `transformers` lists it.
    const ours = new Map<string, string>();
    for (const [method, entry] of Object.entries(data.methods)) for (const key of entry.transformers ?? [method]) ours.set(key, method);
    expect([...ours.keys()].sort(), "the quant_methods of AUTO_QUANTIZER_MAPPING").toEqual(Object.keys(oracle.methods).sort());

    const pipName = (importName: string) => data.pipNames[importName] ?? importName;
    const found: string[] = [];
    for (const [key, checks] of Object.entries(oracle.methods)) {
      const method = ours.get(key) ?? key;
      const expected = new Set(Object.values(checks).flatMap((importName) => (importName === null ? [] : [pipName(importName)])));
      const actual = new Set(data.methods[method]?.pip ?? []);
      for (const name of expected) if (!actual.has(name)) found.push(`${method}: left out ${name}`);
      for (const name of actual) if (!expected.has(name)) found.push(`${method}: added ${name}`);
    }
    const listed = data.differences.map((difference) => `${difference.method}: left out ${difference.package}`);
    expect([...new Set(found)].sort(), "every difference from transformers is listed with its reason, and every listed one is one").toEqual([...listed].sort());
    expect(data.transformers, "the version the data was written from").toBe(oracle.transformers);

    const version = oracle.transformers.split(".").slice(0, 2).join(".");
    console.log(`quantizers: ${Object.keys(data.methods).length} methods, ${data.differences.length} deliberate differences from transformers ${version}`);
    for (const difference of data.differences) console.log(`  ${difference.method}: leaves out ${difference.package}: ${difference.why}`);
  });
});
