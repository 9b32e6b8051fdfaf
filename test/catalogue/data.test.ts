import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ModalitySchema, PipelineSchema, TaskSchema } from "../../src/catalogue/schema.js";
import { listPipelines } from "../../src/catalogue/pipelines.js";
import { taskModality } from "../../src/catalogue/tasks.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { readReference } from "../helpers/reference.js";

function problemsIn(file: string, schema: z.ZodMiniType): string | undefined {
  const result = schema.safeParse(JSON.parse(readFileSync(`${dataDir}${file}`, "utf8")));
  return result.success ? undefined : `data/${file} ${firstIssue(result.error)}`;
}

const taskFiles = readdirSync(`${dataDir}tasks`).filter((name) => name.endsWith(".json"));

interface ReferenceTask {
  id: string;
  label: string;
  modality: string;
  libraries: string[];
  datasets: string[];
  metrics: string[];
  models: string[];
  spaces: string[];
  demo: { inputs: string[]; outputs: string[] };
  widgetModels: string[];
  youtubeId?: string;
  canonicalId?: string;
}

describe("catalogue data", () => {
  it.each(taskFiles)("data/tasks/%s matches the task schema", (file) => {
    expect(problemsIn(`tasks/${file}`, TaskSchema)).toBeUndefined();
  });

  it("names each task file after its id", () => {
    for (const file of taskFiles) {
      const task = JSON.parse(readFileSync(`${dataDir}tasks/${file}`, "utf8")) as { id: string };
      expect(`${task.id}.json`).toBe(file);
    }
  });

  it("keeps each task file as JSON.stringify(task, null, 2) writes it, which `tasks list --json` prints as is", () => {
    for (const file of taskFiles) {
      const text = readFileSync(`${dataDir}tasks/${file}`, "utf8");
      expect(text, file).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
  });

  it("validates the pipeline taxonomy and modalities", () => {
    expect(problemsIn("pipelines.json", z.array(PipelineSchema))).toBeUndefined();
    expect(problemsIn("modalities.json", z.array(ModalitySchema))).toBeUndefined();
  });

  it("reports a broken file with its JSON path", () => {
    const result = TaskSchema.safeParse({ id: "x", label: "X", summary: "s", libraries: [], datasets: [], demo: { inputs: [{ type: "video" }], outputs: [] }, metrics: [], models: [{ id: "m" }], spaces: [], widgetModels: [] });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.error)).toMatch(/^\$\.demo\.inputs\[0\]\.type: /);
  });
});

const reference = readReference<ReferenceTask[]>("tasks.json");
const referencePipelines = readReference<unknown[]>("pipelines.json");

describe.skipIf(!reference)("catalogue agrees with the reference facts", () => {
  const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

  it("has a file for every reference task and no other", () => {
    expect(taskFiles.map((file) => file.replace(/\.json$/, "")).sort()).toEqual(reference!.map((task) => task.id).sort());
  });

  it("holds the reference pipeline taxonomy", () => {
    expect(listPipelines()).toEqual(referencePipelines);
  });

  it.each(reference ?? [])("$id carries the reference facts", (expected) => {
    const task = TaskSchema.parse(JSON.parse(readFileSync(`${dataDir}tasks/${expected.id}.json`, "utf8")));
    expect(task.label).toBe(expected.label);
    expect(task.libraries).toEqual(expected.libraries);
    expect(ids(task.datasets)).toEqual(expected.datasets);
    expect(ids(task.metrics)).toEqual(expected.metrics);
    expect(ids(task.models)).toEqual(expected.models);
    expect(ids(task.spaces)).toEqual(expected.spaces);
    // The reference writes "no widget model" as [""]; the catalogue says it with an empty list.
    expect(task.widgetModels).toEqual(expected.widgetModels.filter((id) => id !== ""));
    expect(task.youtubeId).toBe(expected.youtubeId);
    expect(task.canonicalId).toBe(expected.canonicalId);
    expect(task.demo.inputs.map((item) => item.type)).toEqual(expected.demo.inputs);
    expect(task.demo.outputs.map((item) => item.type)).toEqual(expected.demo.outputs);
    expect(taskModality(task)).toBe(expected.modality);
  });
});
