import { describe, expect, it } from "vitest";
import { getTask } from "../../src/catalogue/tasks.js";
import { taskDocument } from "../../src/presenters/task-document.js";
import { taskTable } from "../../src/presenters/task-table.js";

function sectionLines(id: string, title: string) {
  return taskDocument(getTask(id)!).sections.find((section) => section.title === title)?.lines ?? [];
}

describe("taskDocument", () => {
  it("links the task video on YouTube", () => {
    const task = getTask("audio-classification")!;
    const video = sectionLines("audio-classification", "About").find((line) => line.primary === "video");
    expect(video?.secondary).toBe(`https://www.youtube.com/watch?v=${task.youtubeId}`);
  });

  it("marks a canonical id", () => {
    expect(sectionLines("summarization", "About")).toContainEqual({ primary: "canonical id", secondary: "text-generation" });
  });

  it("lists models, datasets, metrics and spaces with their descriptions", () => {
    const task = getTask("object-detection")!;
    for (const [title, entries] of [
      ["Models", task.models],
      ["Metrics", task.metrics],
      ["Spaces", task.spaces],
    ] as const) {
      expect(sectionLines("object-detection", title)).toEqual(entries.map((entry) => ({ primary: entry.id, secondary: entry.description })));
    }
    // The datasets, then the command that writes the code loading the first (issue 35).
    const datasets = sectionLines("object-detection", "Datasets");
    expect(datasets.slice(0, -1)).toEqual(task.datasets.map((entry) => ({ primary: entry.id, secondary: entry.description })));
    expect(datasets.at(-1)).toEqual({
      primary: "load one",
      secondary: `hub-snippets dataset --id ${task.datasets[0]!.id} (its record, from https://huggingface.co/api/datasets/${task.datasets[0]!.id}, gives code for its configs and files)`,
    });
  });

  it("shows the entities of a text-with-tokens demo output", () => {
    const task = getTask("token-classification")!;
    const output = task.demo.outputs[0];
    if (output?.type !== "text-with-tokens") throw new Error("token-classification should demo tokens");
    const first = output.tokens[0]!;
    const line = sectionLines("token-classification", "Demo outputs")[0];
    expect(line?.secondary).toContain(`${output.content.slice(first.start, first.end)} [${first.type}]`);
  });

  it("has no video line when the task has no video", () => {
    expect(sectionLines("text-to-image", "About").map((line) => line.primary)).not.toContain("video");
  });

  it("leaves out empty sections", () => {
    expect(sectionLines("any-to-any", "Metrics")).toEqual([]);
    expect(taskDocument(getTask("any-to-any")!).sections.map((section) => section.title)).not.toContain("Metrics");
  });
});

describe("taskTable", () => {
  it("has one row per task with modality and model count", () => {
    const task = getTask("depth-estimation")!;
    expect(taskTable([task]).rows).toEqual([["depth-estimation", task.label, "cv", String(task.models.length)]]);
  });
});
