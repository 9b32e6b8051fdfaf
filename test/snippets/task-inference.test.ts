import { describe, expect, it } from "vitest";
import { listTasks } from "../../src/catalogue/tasks.js";
import { modelRecordFromFlags } from "../../src/model/from-flags.js";
import { chatModelPipelines, taskGetsInference } from "../../src/inference/request.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

describe("taskGetsInference: whether a task's catalogue models get inference calls", () => {
  const tasks = listTasks();

  it("answers, for every task of the catalogue, what a request built for a record of the id and task alone says", () => {
    for (const task of tasks) {
      const guessed = modelRecordFromFlags(task.models[0]?.id ?? "example/model", task.id, chatModelPipelines.has(task.id) ? ["conversational"] : []);
      expect(taskGetsInference(task.id), task.id).toBe(buildInferenceRequest(guessed) !== undefined);
    }
  });

  it("says yes for chat and speech recognition, and no for a task no call is written for", () => {
    expect(taskGetsInference("text-generation")).toBe(true);
    expect(taskGetsInference("image-text-to-text")).toBe(true);
    expect(taskGetsInference("automatic-speech-recognition")).toBe(true);
    expect(taskGetsInference("reinforcement-learning")).toBe(false);
    expect(tasks.filter((task) => !taskGetsInference(task.id)).length).toBeGreaterThan(0);
  });
});
