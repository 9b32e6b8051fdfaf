import type { RecordView } from "../model/view.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import { hasGgufQuants } from "../weights/weight-bytes.js";
import type { Accelerator, EngineKey } from "./schema.js";
import { storedWeights } from "./stored-weights.js";
import { engineRules } from "./tables.js";
import { modelTypeOf } from "./model-type.js";

/*
 * Which serving engine a dedicated endpoint runs the model with, from its view alone: llama.cpp for a repository of
 * GGUF files, vLLM for chat and text-generation models, Text Embeddings Inference for embeddings and rerankers, and
 * the Hugging Face inference toolkit (the default image) for the other tasks whose call huggingface_hub writes.
 */

export type EngineDecision =
  | {
      served: true;
      engine: EngineKey;
      why: string;
      /** The accelerators it is put on, where fewer than the engine's (a diffusers pipeline gets a GPU). */
      accelerators?: readonly Accelerator[];
      /** The repository's config maps its own code (auto_map), which the engine runs when trusted. */
      customCode?: boolean;
    }
  | { served: false; why: string };

/** The tasks vLLM serves here: text generation, chat included, and chat with images. */
const vllmTasks: ReadonlySet<string> = new Set(["text-generation", "image-text-to-text"]);
/** The tasks TEI serves: embeddings (and sentence similarity, from them) and rerankers. */
const teiTasks: ReadonlySet<string> = new Set(["feature-extraction", "sentence-similarity", "text-ranking"]);
/** The libraries whose models the inference toolkit loads (a repository's own handler.py aside). */
const toolkitLibraries: ReadonlySet<string> = new Set(["transformers", "diffusers", "sentence-transformers"]);
/** Libraries whose weights vLLM and TEI do not load (they read transformers checkpoints). */
const otherWeights: ReadonlySet<string> = new Set(["mlx", "gguf", "onnx", "keras", "tf-keras"]);

export function endpointEngineFor(view: RecordView): EngineDecision {
  if (hasGgufQuants(view)) {
    return { served: true, engine: "llama.cpp", why: "the repository holds GGUF files, one of which llama.cpp serves with an OpenAI-compatible API" };
  }
  if (view.gguf.repository) return { served: false, why: "a GGUF repository, but none of its files names a quantization that llama.cpp could be given" };
  const task = view.task;
  if (task === undefined) return { served: false, why: "the record has no pipeline_tag, so no engine can be chosen for it" };
  const library = view.library;
  const foreign = library !== undefined && otherWeights.has(library);
  const refused = weightsRefusal(view);
  if (refused !== undefined) return { served: false, why: refused };
  if (vllmTasks.has(task)) {
    if (foreign) return { served: false, why: `its weights are ${library}'s, which vLLM does not load` };
    return {
      served: true,
      engine: "vllm",
      why: `task ${task}: vLLM serves chat and text generation with an OpenAI-compatible API`,
      customCode: hasCustomCode(view),
    };
  }
  if (teiTasks.has(task)) {
    if (foreign) return { served: false, why: `its weights are ${library}'s, which Text Embeddings Inference does not load` };
    const unloaded = teiRefusal(view);
    if (unloaded === undefined) return { served: true, engine: "tei", why: `task ${task}: Text Embeddings Inference serves embeddings and rerankers` };
    if (library !== "sentence-transformers" && library !== "transformers") return { served: false, why: unloaded };
    // What TEI does not load, the toolkit's sentence-transformers pipeline runs, trusting the repository's code where it has some.
    return {
      served: true,
      engine: "toolkit",
      why: `task ${task}: ${unloaded}, so the inference toolkit runs its ${library} pipeline`,
      customCode: hasCustomCode(view),
    };
  }
  const handler = view.fileNames.includes("handler.py");
  if (!handler && (library === undefined || !toolkitLibraries.has(library))) {
    const named = library === undefined ? "the record names no library" : `its library is ${library}`;
    return {
      served: false,
      why: `${named}, and the inference toolkit loads transformers, diffusers and sentence-transformers models (or a repository's own handler.py)`,
    };
  }
  if (view.kind === undefined || inferenceTasks[view.kind].pythonMethod === undefined) {
    return { served: false, why: `no call of a dedicated endpoint is written for task '${task}'` };
  }
  const by = handler ? "the repository's own handler.py" : `its ${library} pipeline`;
  if (library === "diffusers" && !handler) {
    const tasks = engineRules("toolkit").diffusersTasks ?? [];
    if (!tasks.includes(task))
      return {
        served: false,
        why: `the inference toolkit loads diffusers pipelines for ${tasks.join(", ")} only, not for task '${task}' (a handler.py of the repository's own would serve it)`,
      };
    // One image on a CPU outlasts any client's timeout: a diffusers pipeline gets a GPU.
    return { served: true, engine: "toolkit", why: `task ${task}: the inference toolkit (the default image) runs ${by} on a GPU`, accelerators: ["gpu"] };
  }
  return { served: true, engine: "toolkit", why: `task ${task}: the inference toolkit (the default image) runs ${by}` };
}

/** The config maps classes to the repository's own code (auto_map): the engines run it only when trusted. */
const hasCustomCode = (view: RecordView): boolean => {
  const map = view.record.config?.["auto_map"];
  return typeof map === "object" && map !== null && Object.keys(map).length > 0;
};

/** Why TEI does not load the model (its model type, or custom code TEI does not run), or undefined when it does. */
function teiRefusal(view: RecordView): string | undefined {
  const rules = engineRules("tei");
  const type = modelTypeOf(view);
  if (type === undefined) return undefined;
  if (rules.modelTypes !== undefined && !rules.modelTypes.includes(type)) return `Text Embeddings Inference does not load ${type} models`;
  if (hasCustomCode(view) && !(rules.customCodeModelTypes ?? []).includes(type))
    return `Text Embeddings Inference does not run a repository's own code (the config's auto_map), which this ${type} model needs`;
  return undefined;
}

/** Why no engine loads the repository's weights: a PEFT adapter alone, or weights in a format the engines do not read. */
function weightsRefusal(view: RecordView): string | undefined {
  const weights = storedWeights(view);
  if (weights.adapterOf !== undefined) {
    const base = weights.adapterOf === "" ? "its base model" : `its base model, ${weights.adapterOf},`;
    return `the repository is a PEFT adapter (adapter_config.json, no config.json), which the engines load only on top of a base model: deploy ${base} and load the adapter in your code`;
  }
  if (view.fileNames.includes("handler.py")) return undefined;
  if (weights.format === "onnx")
    return "its weights are ONNX files only (for transformers.js or ONNX Runtime), which vLLM, TEI and the inference toolkit do not load: deploy the repository they were exported from";
  if (weights.format === "other")
    return "its weights are in a format vLLM, TEI and the inference toolkit do not load (they read safetensors and PyTorch checkpoints)";
  return undefined;
}
