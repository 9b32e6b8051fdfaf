import type { RecordView } from "../model/view.js";
import { formatBytes, marginRule, memoryNeeded } from "../weights/memory-fit.js";
import { hasGgufQuants } from "../weights/weight-bytes.js";
import type { ColabMetadata, KaggleMetadata } from "./notebook.js";

/*
 * The runtime a notebook asks Colab and Kaggle for, from the memory its local code needs: the weights it loads plus
 * the margin `--memory` adds for the context (memory-fit.ts: 20% of the weights, at least 0.5 GB). A notebook that
 * only calls inference providers, or loads a small model on the CPU, asks for no accelerator; one whose code moves
 * the model to CUDA, or whose weights are big, asks for the smallest GPU that holds them. Free tiers: Colab's and
 * Kaggle's T4 (16 GB, about 15 GB usable); Colab's paid L4 (24 GB) and A100 (40 GB). Beyond those, a note says so.
 */

/** GPU memory a runtime's GPU leaves for the model (its card's memory, less what CUDA keeps). */
const gpus = [
  { type: "T4", usable: 15e9, free: true, what: "a T4 GPU (16 GB; Colab's and Kaggle's free tier)" },
  { type: "L4", usable: 22.5e9, free: false, what: "Colab's L4 GPU (24 GB; a paid Colab plan)" },
  { type: "A100", usable: 40e9, free: false, what: "Colab's A100 GPU (40 GB; a paid Colab plan)" },
] as const;

/** Local weights up to this size run on the CPU of a free runtime (12 to 30 GB of RAM), unless the code asks for CUDA. */
const cpuWeights = 2e9;

export interface RuntimeChoice {
  gpu: boolean;
  colab: ColabMetadata;
  kaggle: KaggleMetadata;
  /** What the notebook says about its runtime, as plain sentences (no record text): none when a free runtime fits. */
  note: string | undefined;
}

const kaggleOf = (gpu: boolean): KaggleMetadata => ({
  accelerator: gpu ? "nvidiaTeslaT4" : "none",
  isGpuEnabled: gpu,
  isInternetEnabled: true,
  language: "python",
  sourceType: "notebook",
});

export const cpuRuntime: RuntimeChoice = { gpu: false, colab: { provenance: [] }, kaggle: kaggleOf(false), note: undefined };

/** Text models spend the margin on the context (the KV cache); others, an image generator say, on activations. */
const textTasks = new Set(["text-generation", "image-text-to-text", "text2text-generation", "conversational"]);
const marginUse = (view: RecordView) => (view.task !== undefined && textTasks.has(view.task) ? "for the context" : "for activations");

/** The memory local code needs for these weights (memory-fit.ts's margin added), and how it adds up, for a note. */
function memoryOf(weights: number, use: string): { needed: number; sum: string } {
  const needed = memoryNeeded(weights);
  return { needed, sum: `${formatBytes(weights)} of weights + ${formatBytes(needed - weights)} ${use}` };
}

/**
 * The runtime for a model notebook: `local` says whether it runs the model's own code (library cells), `cuda`
 * whether that code moves it to a CUDA device, `weights` how many bytes it loads (the decision's weights).
 */
export function modelRuntime(view: RecordView, local: { runs: boolean; cuda: boolean; weights: number | undefined }): RuntimeChoice {
  if (!local.runs) return cpuRuntime;
  const weights = local.weights;
  if (hasGgufQuants(view)) return ggufRuntime(weights);
  if (weights === undefined) {
    if (!local.cuda) return cpuRuntime;
    return gpuRuntime(
      gpus[0],
      "The record does not say how big the weights are: a T4 GPU (Colab's and Kaggle's free tier) is asked for; pick a bigger one if loading runs out of memory.",
    );
  }
  const { needed, sum } = memoryOf(weights, marginUse(view));
  const sizes = `${sum} (${marginRule})`;
  if (weights <= cpuWeights && !local.cuda) return cpuRuntime;
  const fits = gpus.find((gpu) => needed <= gpu.usable);
  if (fits === undefined) {
    const biggest = gpus[2];
    return gpuRuntime(
      biggest,
      `No free tier fits: the local code needs about ${formatBytes(needed)} of GPU memory (${sizes}), more than ${biggest.what} holds. ` +
        "Run it on a machine with more GPU memory, or use the inference provider cells, which run remotely.",
    );
  }
  if (fits.free) return gpuRuntime(fits, undefined);
  return gpuRuntime(
    fits,
    `No free tier fits: the local code needs about ${formatBytes(needed)} of GPU memory (${sizes}), more than a free T4 GPU (16 GB) holds. ` +
      `The notebook asks for ${fits.what}; Kaggle's free GPUs are too small.`,
  );
}

/** Memory a free CPU runtime leaves for the model: Colab's (12.7 GB of RAM) and Kaggle's (30 GB). */
const cpuRam = { colab: 11.5e9, kaggle: 28e9 };

/**
 * A GGUF repository's notebook runs llama-cpp-python on the CPU: its PyPI package compiles llama.cpp without CUDA
 * (minutes on Colab), and the prebuilt CUDA wheels of its own index trail llama.cpp's releases and Colab's Python, so
 * a GPU runtime would sit idle. The install cell takes the prebuilt CPU wheel (install-cell.ts).
 */
function ggufRuntime(weights: number | undefined): RuntimeChoice {
  const why =
    "llama-cpp-python runs the quantization on the CPU: its PyPI package compiles llama.cpp from source, without CUDA, " +
    "and its prebuilt CUDA wheels trail llama.cpp's releases, so the install cell takes its prebuilt CPU wheel and the " +
    "notebook asks for a CPU runtime (a GPU would sit idle). Expect a few words a second.";
  if (weights === undefined) return { ...cpuRuntime, note: why };
  // llama.cpp spends the margin on the context, whatever the record's task.
  const { needed, sum } = memoryOf(weights, "for the context");
  const sizes = `about ${formatBytes(needed)} of memory (${sum}, ${marginRule})`;
  let fit = ` It needs ${sizes}: Colab's and Kaggle's free CPU runtimes hold it.`;
  if (needed > cpuRam.kaggle) {
    fit = ` It needs ${sizes}, more than the free CPU runtimes have (Colab 12.7 GB of RAM, Kaggle 30 GB): choose a smaller quantization (hub-snippets snippet --memory), or run it on a machine of your own.`;
  } else if (needed > cpuRam.colab) {
    fit = ` It needs ${sizes}, more than Colab's free CPU runtime has (12.7 GB of RAM): run it on Kaggle (30 GB), or choose a smaller quantization (hub-snippets snippet --memory).`;
  }
  return { ...cpuRuntime, note: why + fit };
}

function gpuRuntime(gpu: (typeof gpus)[number], note: string | undefined): RuntimeChoice {
  // Kaggle offers T4s only: a model bigger than one gets a T4 session there, and the note.
  return { gpu: true, colab: { provenance: [], gpuType: gpu.type }, kaggle: kaggleOf(true), note };
}
