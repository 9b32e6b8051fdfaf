import type { RecordView } from "../model/view.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import { hasGgufQuants } from "../snippets/weight-bytes.js";
import type { EngineKey } from "./schema.js";

/*
 * Which serving engine a dedicated endpoint runs the model with, from its view alone: llama.cpp for a repository of
 * GGUF files, vLLM for chat and text-generation models, Text Embeddings Inference for embeddings and rerankers, and
 * the Hugging Face inference toolkit (the default image) for the other tasks whose call huggingface_hub writes.
 */

export type EngineDecision = { served: true; engine: EngineKey; why: string } | { served: false; why: string };

/** The tasks vLLM serves here: text generation, chat included, and chat with images. */
export const vllmTasks: ReadonlySet<string> = new Set(["text-generation", "image-text-to-text"]);
/** The tasks TEI serves: embeddings (and sentence similarity, from them) and rerankers. */
export const teiTasks: ReadonlySet<string> = new Set(["feature-extraction", "sentence-similarity", "text-ranking"]);
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
  if (vllmTasks.has(task)) {
    if (foreign) return { served: false, why: `its weights are ${library}'s, which vLLM does not load` };
    return { served: true, engine: "vllm", why: `task ${task}: vLLM serves chat and text generation with an OpenAI-compatible API` };
  }
  if (teiTasks.has(task)) {
    if (foreign) return { served: false, why: `its weights are ${library}'s, which Text Embeddings Inference does not load` };
    return { served: true, engine: "tei", why: `task ${task}: Text Embeddings Inference serves embeddings and rerankers` };
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
  return { served: true, engine: "toolkit", why: `task ${task}: the inference toolkit (the default image) runs ${by}` };
}
