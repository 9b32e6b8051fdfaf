/*
 * The facts of one release pair of @huggingface/tasks and @huggingface/inference, read from the modules themselves
 * (as test/helpers/oracle.ts reads the installed pair): ids, codes, URLs, flags and lists, never prose.
 */
import { createHash } from "node:crypto";
import type * as Inference from "@huggingface/inference";
import type * as Tasks from "@huggingface/tasks";
import { quietly } from "./quietly.js";
import { emptyTables, type FactTables, type Facts } from "./tables.js";

export type TasksModule = typeof Tasks;
export type InferenceModule = typeof Inference;

/** The package writes "none" as "": the facts leave those out. */
const present = (ids: readonly string[]): string[] => ids.filter((id) => id !== "");
const ids = (entries: readonly { id: string }[] | undefined): string[] => present((entries ?? []).map((entry) => entry.id));

function taskFacts(tasks: TasksModule, into: FactTables): void {
  for (const task of Object.values(tasks.TASKS_DATA ?? {})) {
    if (!task) continue;
    into.task.set(task.id, {
      label: task.label,
      modality: tasks.PIPELINE_DATA[task.id]?.modality,
      canonicalId: task.canonicalId,
      libraries: [...task.libraries],
      datasets: ids(task.datasets),
      metrics: ids(task.metrics),
      models: ids(task.models),
      spaces: ids(task.spaces),
      widgetModels: present(task.widgetModels),
      youtubeId: task.youtubeId || undefined,
      demoInputs: task.demo.inputs.map((item) => item.type),
      demoOutputs: task.demo.outputs.map((item) => item.type),
    });
  }
  for (const [id, pipeline] of Object.entries<Tasks.PipelineData>(tasks.PIPELINE_DATA)) {
    into.pipeline.set(id, {
      label: pipeline.name,
      modality: pipeline.modality,
      subtasks: (pipeline.subtasks ?? []).map((subtask) => ({ id: subtask.type, label: subtask.name })),
      hideInModels: pipeline.hideInModels || undefined,
      hideInDatasets: pipeline.hideInDatasets || undefined,
    });
  }
  for (const [id, label] of Object.entries(tasks.MODALITY_LABELS ?? {})) into.modality.set(id, { label });
}

function libraryFacts(tasks: TasksModule, into: FactTables): void {
  const mapping: Record<string, readonly string[] | undefined> = tasks.LIBRARY_TASK_MAPPING ?? {};
  for (const [key, library] of Object.entries(tasks.MODEL_LIBRARIES_UI_ELEMENTS)) {
    const element: { prettyLabel: string; repoName: string; repoUrl: string; docsUrl?: string; filter?: boolean; countDownloads?: string; snippets?: unknown } =
      library;
    into.library.set(key, {
      prettyLabel: element.prettyLabel,
      repoName: element.repoName,
      repoUrl: element.repoUrl,
      docsUrl: element.docsUrl,
      filter: element.filter ?? false,
      countDownloads: element.countDownloads,
      hasSnippets: typeof element.snippets === "function",
      tasks: [...(mapping[key] ?? [])],
    });
  }
  for (const [key, library] of Object.entries(tasks.DATASET_LIBRARIES_UI_ELEMENTS ?? {})) {
    const element: { prettyLabel: string; repoName: string; repoUrl: string; docsUrl?: string } = library;
    into.datasetLibrary.set(key, { prettyLabel: element.prettyLabel, repoName: element.repoName, repoUrl: element.repoUrl, docsUrl: element.docsUrl });
  }
  for (const [key, app] of Object.entries<Tasks.LocalApp>(tasks.LOCAL_APPS ?? {})) {
    into.app.set(key, {
      label: app.prettyLabel,
      docsUrl: app.docsUrl,
      mainTask: app.mainTask,
      macOSOnly: app.macOSOnly ?? false,
      kind: "deeplink" in app ? "deeplink" : "snippet",
    });
  }
}

/** A TypeScript numeric enum's names → codes (leaving out its reverse mapping). */
const enumCodes = (values: Record<string, string | number>): [string, number][] =>
  Object.entries(values).filter((entry): entry is [string, number] => typeof entry[1] === "number");

function ggufFacts(tasks: TasksModule, into: FactTables): void {
  for (const [name, code] of enumCodes(tasks.GGMLFileQuantizationType ?? {})) into.ggufFileType.set(name, { code });
  for (const [name, code] of enumCodes(tasks.GGMLQuantizationType ?? {})) into.ggmlTensorType.set(name, { code });
  into.ggufSizeOrder.set("size order", { fileTypes: (tasks.GGUF_QUANT_ORDER ?? []).map((code) => tasks.GGMLFileQuantizationType[code]) });
}

function hardwareFacts(tasks: TasksModule, into: FactTables): void {
  for (const [kind, vendors] of Object.entries<Record<string, Record<string, { tflops: number; memory?: number[] }>>>(tasks.SKUS ?? {})) {
    for (const [vendor, skus] of Object.entries(vendors)) {
      for (const [sku, spec] of Object.entries(skus)) into.hardware.set(`${kind} ${vendor} ${sku}`, { tflops: spec.tflops, memory: spec.memory ?? [] });
    }
  }
  into.hardware.set("default memory options", { gigabytes: [...(tasks.DEFAULT_MEMORY_OPTIONS ?? [])] });
}

interface TaskHelper {
  makeBaseUrl(params: { authMethod: string; model: string }): string;
  makeRoute(params: { authMethod: string; model: string; args: Record<string, unknown> }): string;
}

/** A route as our table writes it: from the base URL's root, the provider's model id as `{model}`. */
export const rootedPath = (path: string): string => (path.startsWith("/") ? path : `/${path}`);

/**
 * The path each task helper calls under the provider's base URL, for a model id `{model}`. hf-inference is left
 * out (its calls go through the router's own routes), and so is a helper whose route depends on the model (Novita's
 * image-text-to-video throws for a model it does not know).
 */
function routeFacts(id: string, tasks: Record<string, TaskHelper>, into: FactTables): void {
  if (id === "hf-inference") return;
  for (const [task, helper] of Object.entries(tasks)) {
    try {
      into.providerRoute.set(`${id} ${task}`, { path: rootedPath(helper.makeRoute({ authMethod: "provider-key", model: "{model}", args: {} })) });
    } catch {
      // model-dependent: no fact
    }
  }
}

function providerFacts(inference: InferenceModule, into: FactTables): void {
  const helpers: Record<string, Record<string, TaskHelper>> = (inference.PROVIDERS ?? {}) as never;
  const orgs: Record<string, string> = inference.PROVIDERS_HUB_ORGS ?? {};
  for (const id of inference.INFERENCE_PROVIDERS ?? []) {
    const tasks = helpers[id] ?? {};
    into.provider.set(id, {
      tasks: Object.keys(tasks).sort(),
      hubOrg: orgs[id],
      directBaseUrls: [...new Set(Object.values(tasks).map((helper) => helper.makeBaseUrl({ authMethod: "provider-key", model: "" })))].sort(),
    });
    routeFacts(id, tasks, into);
  }
}

/** The inference snippet templates (language → client → name → Jinja text), as a digest of each text. */
export type InferenceTemplates = Record<string, Record<string, Record<string, string>>>;

function templateFacts(templates: InferenceTemplates, into: FactTables): void {
  for (const [language, clients] of Object.entries(templates)) {
    for (const [client, named] of Object.entries(clients)) {
      for (const [name, text] of Object.entries(named))
        into.inferenceTemplate.set(`${language}/${client}/${name}`, { sha256: createHash("sha256").update(text).digest("hex").slice(0, 16) });
    }
  }
}

/** A text-generation model without the `conversational` tag, live on hf-inference for chat. */
export const untaggedChatProbe = {
  id: "probe-org/probe-chat-model",
  pipeline_tag: "text-generation",
  tags: ["text-generation"],
  library_name: "transformers",
  inference: "warm",
  inferenceProviderMapping: [
    { provider: "hf-inference", providerId: "probe-org/probe-chat-model", hfModelId: "probe-org/probe-chat-model", task: "conversational", status: "live" },
  ],
};

/** Whether upstream's snippets for the probe are chat completions (they send a message with a role). */
function gatingFacts(inference: InferenceModule, into: FactTables): void {
  const [entry] = untaggedChatProbe.inferenceProviderMapping;
  let chat: boolean | string;
  if (!inference.snippets?.getInferenceSnippets) return;
  try {
    const snippets = quietly(() => inference.snippets.getInferenceSnippets(untaggedChatProbe as never, "hf-inference", entry as never, {}));
    chat = snippets.some((snippet) => /["']?role["']?\s*:\s*["']user["']/.test(snippet.content));
  } catch (error) {
    chat = `throws ${(error as Error).message.split("\n")[0]}`;
  }
  into.inferenceGating.set("chat", { requiresConversationalTag: chat === true ? false : chat === false ? true : chat });
}

/** Every table's facts in one release pair. */
export function packageFacts(tasks: TasksModule, inference: InferenceModule, templates: InferenceTemplates = {}): FactTables {
  const into = emptyTables();
  taskFacts(tasks, into);
  libraryFacts(tasks, into);
  ggufFacts(tasks, into);
  hardwareFacts(tasks, into);
  providerFacts(inference, into);
  gatingFacts(inference, into);
  templateFacts(templates, into);
  return into;
}

export type { Facts };
