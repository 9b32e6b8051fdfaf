import { getModality } from "../catalogue/pipelines.js";
import { taskModality } from "../catalogue/tasks.js";
import type { DemoItem, DescribedId, Task } from "../catalogue/schema.js";
import type { Document, DocumentLine, DocumentSection } from "./document.js";

function youtubeUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

function describedLines(entries: readonly DescribedId[]): DocumentLine[] {
  return entries.map(({ id, description }) => ({
    primary: id,
    secondary: description,
  }));
}

/** The task's example datasets, then how to get the code that loads one (the catalogue holds no dataset record). */
function datasetLines(datasets: readonly DescribedId[]): DocumentLine[] {
  const first = datasets[0];
  if (first === undefined) return [];
  return [
    ...describedLines(datasets),
    {
      primary: "load one",
      secondary: `hub-snippets dataset --id ${first.id} (its record, from https://huggingface.co/api/datasets/${first.id}, gives code for its configs and files)`,
    },
  ];
}

function demoItemLine(item: DemoItem): DocumentLine {
  switch (item.type) {
    case "text":
      return { primary: `${item.label}:`, secondary: item.content };
    case "img":
      return {
        primary: "image:",
        secondary: item.label ? `${item.filename} (${item.label})` : item.filename,
      };
    case "audio":
      return {
        primary: "audio:",
        secondary: item.label ? `${item.filename} (${item.label})` : item.filename,
      };
    case "chart":
      return {
        primary: "scores:",
        secondary: item.data.map(({ label, score }) => `${label} ${score.toFixed(2)}`).join(", "),
      };
    case "tabular":
      return {
        primary: "table:",
        secondary: item.data.map((row) => row.join(" | ")).join(" / "),
      };
    case "text-with-tokens":
      return {
        primary: "tokens:",
        secondary: item.tokens.map(({ type, start, end }) => `${item.content.slice(start, end)} [${type}]`).join(", "),
      };
  }
}

function section(title: string, lines: DocumentLine[]): DocumentSection[] {
  return lines.length > 0 ? [{ title, lines }] : [];
}

/** Every field of a task descriptor, in reading order, for `task show`. */
export function taskDocument(task: Task): Document {
  const modalityId = taskModality(task);
  const facts: DocumentLine[] = [
    { primary: "id", secondary: task.id },
    {
      primary: "modality",
      secondary: getModality(modalityId)?.label ?? modalityId,
    },
  ];
  if (task.canonicalId) facts.push({ primary: "canonical id", secondary: task.canonicalId });
  if (task.isPlaceholder)
    facts.push({
      primary: "placeholder",
      secondary: "yes: this task has no full page yet",
    });
  if (task.youtubeId) facts.push({ primary: "video", secondary: youtubeUrl(task.youtubeId) });

  return {
    title: task.label,
    subtitle: task.summary,
    sections: [
      ...section("About", facts),
      ...section("Demo inputs", task.demo.inputs.map(demoItemLine)),
      ...section("Demo outputs", task.demo.outputs.map(demoItemLine)),
      ...section(
        "Libraries",
        task.libraries.map((name) => ({ primary: name })),
      ),
      ...section("Datasets", datasetLines(task.datasets)),
      ...section("Metrics", describedLines(task.metrics)),
      ...section("Models", describedLines(task.models)),
      ...section("Spaces", describedLines(task.spaces)),
      ...section(
        "Widget models",
        task.widgetModels.map((id) => ({ primary: id })),
      ),
    ],
  };
}
