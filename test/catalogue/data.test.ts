import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ModalitySchema, PipelineSchema, TaskSchema } from "../../src/catalogue/schema.js";
import { listModalities, listPipelines } from "../../src/catalogue/pipelines.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { taskFactsOf } from "../../scripts/upstream/our-facts.js";
import { byKey, factDifferences, oracleModalities, oracleModalityIds, oraclePipelines, oracleTasks, tasksPackage } from "../helpers/oracle.js";

function problemsIn(file: string, schema: z.ZodMiniType): string | undefined {
  const result = schema.safeParse(JSON.parse(readFileSync(`${dataDir}${file}`, "utf8")));
  return result.success ? undefined : `data/${file} ${firstIssue(result.error)}`;
}

const taskFiles = readdirSync(`${dataDir}tasks`).filter((name) => name.endsWith(".json"));

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
    const result = TaskSchema.safeParse({
      id: "x",
      label: "X",
      summary: "s",
      libraries: [],
      datasets: [],
      demo: { inputs: [{ type: "video" }], outputs: [] },
      metrics: [],
      models: [{ id: "m" }],
      spaces: [],
      widgetModels: [],
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.error)).toMatch(/^\$\.demo\.inputs\[0\]\.type: /);
  });
});

describe(`the catalogue agrees with ${tasksPackage}`, () => {
  const taskFile = (id: string) => `data/tasks/${id}.json`;
  const taskIds = taskFiles.map((file) => file.replace(/\.json$/, ""));

  it("has a file for every task of the package and no other", () => {
    expect(
      factDifferences(
        "task",
        tasksPackage,
        oracleTasks.map((task) => [task.id, {}]),
        taskFile,
        taskIds.map((id) => [id, {}]),
      ),
    ).toEqual([]);
  });

  it("gives every task the package's label, modality, canonical id, library, example and widget ids, video id and demo item types", () => {
    // The package writes "none" as "" (a youtubeId, a widgetModels or datasets entry): the oracle leaves those out,
    // and the catalogue says none with an absent field or an empty list.
    // A task only one side has is the test above's.
    const both = new Set(oracleTasks.map((task) => task.id).filter((id) => taskIds.includes(id)));
    const tasks = [...both].map((id) => TaskSchema.parse(JSON.parse(readFileSync(`${dataDir}tasks/${id}.json`, "utf8"))));
    const facts = tasks.map((task) => ({ id: task.id, ...taskFactsOf(task) }));
    expect(
      factDifferences(
        "task",
        tasksPackage,
        byKey(
          oracleTasks.filter((task) => both.has(task.id)),
          "id",
        ),
        taskFile,
        byKey(facts, "id"),
      ),
    ).toEqual([]);
  });

  it("holds the package's pipeline types, in its order, with their labels, modalities, subtasks and hidden flags", () => {
    const pipelines = listPipelines().map((pipeline) => ({ ...pipeline, subtasks: pipeline.subtasks ?? [] }));
    expect(factDifferences("pipeline type", tasksPackage, byKey(oraclePipelines, "id"), "data/pipelines.json", byKey(pipelines, "id"))).toEqual([]);
    expect(
      listPipelines().map((pipeline) => pipeline.id),
      `data/pipelines.json lists the pipeline types in ${tasksPackage}'s order`,
    ).toEqual(oraclePipelines.map((pipeline) => pipeline.id));
  });

  it("holds the package's modalities, with their labels, in MODALITY_LABELS' order", () => {
    expect(factDifferences("modality", tasksPackage, byKey(oracleModalities, "id"), "data/modalities.json", byKey([...listModalities()], "id"))).toEqual([]);
    expect(
      listModalities().map((modality) => modality.id),
      `data/modalities.json lists the modalities in ${tasksPackage}'s order`,
    ).toEqual(oracleModalities.map((modality) => modality.id));
    expect([...oracleModalityIds].sort(), `${tasksPackage}: MODALITIES and MODALITY_LABELS name the same modalities`).toEqual(
      oracleModalities.map((modality) => modality.id).sort(),
    );
  });
});
