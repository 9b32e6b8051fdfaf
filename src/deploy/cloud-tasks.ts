import type { RecordView } from "../model/view.js";
import { readPackagedJson } from "../catalogue/read-json.js";
import { dataDir } from "../paths.js";
import { isInferenceKind } from "../catalogue/inference-kinds.js";
import type { DataValue } from "../values/data-value.js";
import { endpointEngineFor, type EngineDecision } from "./engine.js";
import type { CloudCall, CloudTasks, EngineKey } from "./schema.js";

/*
 * Which models the cloud targets without an instance catalogue of their own (Vertex AI, Azure ML) get code for:
 * one table, data/deploy/cloud-tasks.json: per target the engines and tasks it serves, the call each gets, and its
 * rule for gated and private models. The deploy decision and the default answer's hint read it alike.
 */

export type CloudTarget = "vertex" | "azure";

let table: CloudTasks | undefined;

export function cloudTasks(): CloudTasks {
  return (table ??= readPackagedJson<CloudTasks>(`${dataDir}deploy/cloud-tasks.json`));
}

export type CloudServing = { served: true; engine: EngineKey; call: CloudCall; label: string; notes: string[] } | { served: false; why: string };

const taskList = (tasks: readonly string[]) => tasks.join(", ");

/** Whether the target's code is written for the model, with the engine and the call, or why not (the engine given when known). */
export function cloudServing(target: CloudTarget, view: RecordView, engine: EngineDecision = endpointEngineFor(view)): CloudServing {
  const rule = cloudTasks().targets.find((row) => row.target === target);
  if (rule === undefined) throw new Error(`data/deploy/cloud-tasks.json has no row for ${target}`);
  if (!engine.served) return { served: false, why: engine.why };
  if (engine.engine === "llama.cpp") return { served: false, why: rule.gguf };
  const task = view.task ?? "none";
  const row = rule.serves.find((candidate) => candidate.engine === engine.engine && (candidate.tasks === undefined || candidate.tasks.includes(task)));
  if (row === undefined) {
    const tasks = rule.serves.flatMap((candidate) => candidate.tasks ?? ["text generation"]);
    return { served: false, why: `hub-snippets writes this code for ${taskList(tasks)}, not for task '${task}' (data/deploy/cloud-tasks.json)` };
  }
  // The table's rule for a gated or private model: refused with why, or served with what the code does about it.
  if ((view.gated || view.private) && !rule.gatedOrPrivate.served) return { served: false, why: rule.gatedOrPrivate.why };
  const notes = view.gated || view.private ? [rule.gatedOrPrivate.why] : [];
  return { served: true, engine: engine.engine, call: row.call, label: row.label, notes };
}

const defaultText = "Today is a sunny day and I will get some ice cream.";

/** The text the call sends: the record's example for its task, else a sentence. */
export function cloudText(view: RecordView, call: CloudCall): string {
  const kind = call === "generation" ? "text-generation" : call === "embeddings" ? "feature-extraction" : (view.task ?? "");
  const example = isInferenceKind(kind) ? view.exampleFor(kind) : undefined;
  if (example?.shape === "text" || example?.shape === "labels") return example.text;
  return call === "generation" ? "Hi, what can you help me with?" : defaultText;
}

/** A zero-shot classifier's candidate labels (the record's example's), as the toolkit's parameters. */
export function cloudParameters(view: RecordView, call: CloudCall): Record<string, DataValue> | undefined {
  if (call !== "inputs" || view.task !== "zero-shot-classification") return undefined;
  const example = view.exampleFor("zero-shot-classification");
  return { candidate_labels: example?.shape === "labels" ? example.candidateLabels : ["positive", "negative"] };
}

/** A reranker's query and texts. */
export const rerankRequest = (): Record<string, DataValue> => ({
  query: "What is Deep Learning?",
  texts: ["Deep Learning is a subfield of machine learning.", "Paris is the capital of France."],
});
