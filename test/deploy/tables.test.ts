import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AzureTableSchema,
  CloudTasksSchema,
  DeployTargetsTableSchema,
  EndpointEnginesSchema,
  EndpointHardwareSchema,
  EngineRulesTableSchema,
  GpuTableSchema,
  SagemakerTableSchema,
  SdkSignaturesSchema,
  VertexTableSchema,
} from "../../src/deploy/schema.js";

/* The tables of data/deploy/: valid against their schemas, written as JSON.stringify writes them, with their sources. */

const read = (file: string) => readFileSync(new URL(`../../data/deploy/${file}`, import.meta.url), "utf8");

describe("data/deploy/", () => {
  it.each([
    ["endpoints-hardware.json", EndpointHardwareSchema],
    ["endpoints-engines.json", EndpointEnginesSchema],
    ["sagemaker.json", SagemakerTableSchema],
    ["targets.json", DeployTargetsTableSchema],
    ["vertex.json", VertexTableSchema],
    ["vertex-signatures.json", SdkSignaturesSchema],
    ["azure.json", AzureTableSchema],
    ["azure-signatures.json", SdkSignaturesSchema],
    ["sagemaker-sdk-signatures.json", SdkSignaturesSchema],
    ["cloud-tasks.json", CloudTasksSchema],
    ["engine-rules.json", EngineRulesTableSchema],
    ["gpus.json", GpuTableSchema],
  ] as const)("%s follows its schema, names where and when it was read and what it assumes", (file, schema) => {
    const text = read(file);
    const result = (schema as typeof EndpointHardwareSchema).safeParse(JSON.parse(text));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it("has one row per vendor, instance type and size, and an image for every GPU type an engine with per-type images runs on", () => {
    const hardware = EndpointHardwareSchema.parse(JSON.parse(read("endpoints-hardware.json")));
    const names = hardware.instances.map((row) => `${row.vendor} ${row.instanceType} ${row.instanceSize}`);
    expect(new Set(names).size).toBe(names.length);
    const engines = EndpointEnginesSchema.parse(JSON.parse(read("endpoints-engines.json")));
    const gpuTypes = [...new Set(hardware.instances.filter((row) => row.accelerator === "gpu").map((row) => row.instanceType))];
    for (const engine of engines.engines) {
      if (engine.imageKey === undefined) continue;
      for (const type of gpuTypes) expect(engine.images[type] ?? engine.images["gpu"], `${engine.key} on ${type}`).toBeDefined();
    }
  });

  it("names where the cloud machine tables were read: the page's address, and the SDK source of Vertex AI's accelerator names", () => {
    const vertex = VertexTableSchema.parse(JSON.parse(read("vertex.json")));
    const azure = AzureTableSchema.parse(JSON.parse(read("azure.json")));
    expect(vertex.source.read).toContain("https://cloud.google.com/compute/docs/accelerator-optimized-machines");
    expect(vertex.source.read).toContain("https://cloud.google.com/vertex-ai/docs/general/locations");
    // Each accelerator type is one the source names, read from the SDK's AcceleratorType at the commit given.
    expect(vertex.source.read).toMatch(/accelerator_type\.py at [0-9a-f]{40}/);
    for (const machine of vertex.machines) expect(vertex.source.read).toContain(machine.acceleratorType);
    expect(azure.source.read).toContain("https://huggingface.co/docs/microsoft-azure/en/azure-ai/hardware");
  });

  it("names each serving engine's source with commits, and knows the GPU of every GPU machine of every target", () => {
    const rules = EngineRulesTableSchema.parse(JSON.parse(read("engine-rules.json")));
    expect(rules.engines.map((row) => row.engine).sort()).toEqual(["llama.cpp", "tei", "tgi", "toolkit", "vllm"]);
    for (const row of rules.engines) expect(row.source.read, row.engine).toMatch(/ at [0-9a-f]{40}/);
    const gpus = GpuTableSchema.parse(JSON.parse(read("gpus.json")));
    const known = (target: "endpoints" | "sagemaker" | "vertex" | "azure", name: string) => gpus.gpus.some((gpu) => gpu[target].includes(name));
    const hardware = EndpointHardwareSchema.parse(JSON.parse(read("endpoints-hardware.json")));
    for (const row of hardware.instances.filter((instance) => instance.accelerator === "gpu"))
      expect(known("endpoints", row.instanceType), row.instanceType).toBe(true);
    const sagemaker = SagemakerTableSchema.parse(JSON.parse(read("sagemaker.json")));
    for (const row of sagemaker.instances) expect(known("sagemaker", row.instanceType.split(".")[1] ?? ""), row.instanceType).toBe(true);
    for (const row of VertexTableSchema.parse(JSON.parse(read("vertex.json"))).machines)
      expect(known("vertex", row.acceleratorType), row.acceleratorType).toBe(true);
    for (const row of AzureTableSchema.parse(JSON.parse(read("azure.json"))).instances) expect(known("azure", row.instanceType), row.instanceType).toBe(true);
  });
});
