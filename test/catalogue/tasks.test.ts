import { describe, expect, it } from "vitest";
import { nearestIds } from "../../src/catalogue/nearest.js";
import { getPipeline, listModalities } from "../../src/catalogue/pipelines.js";
import { getTask, listTaskIds, listTasks, taskModality } from "../../src/catalogue/tasks.js";

describe("task catalogue API", () => {
  it("lists ids sorted and loads a task by id", () => {
    const ids = listTaskIds();
    expect([...ids].sort()).toEqual(ids);
    expect(getTask("text-to-image")?.label).toBe("Text-to-Image");
    expect(getTask("no-such-task")).toBeUndefined();
  });

  it("filters by modality using the pipeline taxonomy", () => {
    const audio = listTasks({ modality: "audio" });
    expect(audio.length).toBeGreaterThan(0);
    expect(audio.every((task) => taskModality(task) === "audio")).toBe(true);
    expect(audio.map((task) => task.id)).toContain("automatic-speech-recognition");
  });

  it("filters by library, ignoring case", () => {
    const diffusers = listTasks({ library: "Diffusers" });
    expect(diffusers.map((task) => task.id)).toContain("text-to-image");
    expect(diffusers.every((task) => task.libraries.includes("diffusers"))).toBe(true);
  });

  it("searches id, label and summary case-insensitively", () => {
    expect(listTasks({ search: "DEPTH" }).map((task) => task.id)).toContain("depth-estimation");
    expect(listTasks({ search: "Zero-Shot" }).map((task) => task.id)).toContain("zero-shot-classification");
    const bySummary = listTasks({ search: getTask("fill-mask")!.summary.slice(0, 20) });
    expect(bySummary.map((task) => task.id)).toContain("fill-mask");
    expect(listTasks({ search: "qqqqqqq" })).toEqual([]);
  });

  it("combines filters", () => {
    const tasks = listTasks({ modality: "cv", library: "diffusers" });
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((task) => taskModality(task) === "cv" && task.libraries.includes("diffusers"))).toBe(true);
  });

  it("knows the modalities and pipelines", () => {
    expect(listModalities().map((modality) => modality.id)).toContain("nlp");
    expect(getPipeline("text-classification")?.subtasks?.length).toBeGreaterThan(0);
  });
});

describe("nearestIds", () => {
  const ids = ["text-to-image", "text-to-speech", "image-to-text", "translation"];

  it("suggests close ids, best first", () => {
    expect(nearestIds("text-to-imag", ids)[0]).toBe("text-to-image");
    expect(nearestIds("translaton", ids)).toEqual(["translation"]);
  });

  it("suggests ids that contain the input", () => {
    expect(nearestIds("speech", ids)).toContain("text-to-speech");
  });

  it("suggests nothing for unrelated input", () => {
    expect(nearestIds("zzzzzzzzzzzz", ids)).toEqual([]);
  });
});
