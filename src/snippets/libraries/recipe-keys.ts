import { holdsOnlyGgufWeights, isGgufRepository } from "../../model/gguf.js";
import type { ModelRecord } from "../../model/record.js";

/**
 * The keys (a model's `library_name`) of every library with a loading recipe, in the registry's order. Kept apart
 * from the generators so that asking whether a library has a recipe (the CLI's `also: --library` hint, `libraries
 * list`) does not load 125 generators: the piped snippet command paid ~3 ms on Node 24 for them. registry.ts is
 * typed `Record<RecipeKey, LibraryGenerator>`, so the compiler refuses a key here without a generator, or the reverse.
 */
export const recipeKeys = [
  "3dtopia-xl",
  "adapter-transformers",
  "allennlp",
  "aneforge",
  "anemoi",
  "araclip",
  "asteroid",
  "audiocraft",
  "audioseal",
  "ben2",
  "bertopic",
  "birefnet",
  "bm25s",
  "cartesia_mlx",
  "cartesia_pytorch",
  "chat_tts",
  "chatterbox",
  "chronos-forecasting",
  "colipri",
  "collectorvision",
  "cortiq",
  "cxr-foundation",
  "depth-anything-v2",
  "depth-pro",
  "derm-foundation",
  "describe-anything",
  "dia-tts",
  "dia2",
  "diffusers",
  "diffusionkit",
  "edsnlp",
  "espnet",
  "fairseq",
  "fastai",
  "fasttext",
  "flair",
  "flexray",
  "flextab",
  "gaussianformer",
  "gguf",
  "gliner",
  "gliner2",
  "htrflow",
  "index-tts",
  "jev-style",
  "keras",
  "keras-hub",
  "kernels",
  "kimi-audio",
  "kittentts",
  "lerobot",
  "lightning-ir",
  "litert-lm",
  "llama-cpp-python",
  "ltx",
  "lvface",
  "mamba-ssm",
  "mars5-tts",
  "matanyone",
  "memra",
  "mesh-anything",
  "ml-agents",
  "mlx",
  "mlx-image",
  "mobilint",
  "model2vec",
  "moshi",
  "multimolecule",
  "nemo",
  "nobg",
  "open_clip",
  "openasr",
  "opendde",
  "outetts",
  "paddlenlp",
  "PaddleOCR",
  "peft",
  "perception-encoder",
  "phantom-wan",
  "pocket-tts",
  "pruna-ai",
  "pxia",
  "pyannote-audio",
  "pythae",
  "qwen3_tts",
  "relik",
  "renderformer",
  "routee-powertrain",
  "saelens",
  "sam-3d-body",
  "sam-3d-objects",
  "sam2",
  "sample-factory",
  "sana",
  "sap-rpt-1-oss",
  "seed-story",
  "sentence-transformers",
  "setfit",
  "sklearn",
  "spacy",
  "span-marker",
  "speechbrain",
  "stable-audio-tools",
  "stable-baselines3",
  "stanza",
  "supertonic",
  "swarmformer",
  "tensorflowtts",
  "terratorch",
  "tf-keras",
  "timm",
  "transformers",
  "transformers.js",
  "ultralytics",
  "unity-sentis",
  "univa",
  "vfi-mamba",
  "vibevoice",
  "videoprism",
  "voicecraft",
  "voxcpm",
  "vui",
  "whisperkit",
  "yolov10",
  "zeromodels",
  "zonos",
] as const;

export type RecipeKey = (typeof recipeKeys)[number];

const keySet: ReadonlySet<string> = new Set(recipeKeys);

/** Whether the library of this key has a loading recipe. */
export function hasLibraryRecipe(key: string | undefined): key is RecipeKey {
  return key !== undefined && keySet.has(key);
}

/** The keys of every library with a loading recipe, sorted. */
export function libraryKeysWithRecipes(): string[] {
  return [...recipeKeys].sort();
}

/** The library that loads a repository of GGUF files in Python: llama-cpp-python runs a file as it was published. */
export const ggufLoader = "llama-cpp-python" satisfies RecipeKey;

/**
 * Libraries a card names on repositories that hold only GGUF weights (unsloth's and GGUF-my-repo's say transformers),
 * whose loading code cannot load such a repository as it stands. transformers refuses it ("Unrecognized model ...
 * should have a model_type key in its config.json"): it reads a GGUF only when given `gguf_file=`, then only for the
 * architectures it maps, and dequantizes every weight to full precision (an 8B model's 5 GB Q4_K_M file becomes 16 GB
 * or more of memory). llama-cpp-python runs the quantized file as published, as the local apps do, so it is the one
 * loading snippet of such a repository. Libraries that load GGUF files of their own kind (diffusers' single-file
 * GGUF checkpoints) are not listed: llama.cpp does not run those.
 */
const cardLibrariesOverruledByGguf: ReadonlySet<string> = new Set(["transformers"]);

/**
 * The library whose loading code a record gets, decided from its files where its card cannot be right: llama-cpp-python
 * for a repository of GGUF files (the Hub's `gguf`, which is a file format; a GGUF repository that names no library;
 * one whose weights are only GGUF files although its card names transformers); else its `library_name`.
 */
export function libraryKeyOf(model: ModelRecord): string | undefined {
  const named = model.library_name;
  if (named === "gguf" || (named === undefined && isGgufRepository(model))) return ggufLoader;
  if (named !== undefined && cardLibrariesOverruledByGguf.has(named) && holdsOnlyGgufWeights(model)) return ggufLoader;
  return named;
}

/**
 * Client names that stand for a library key: `gguf`, the Hub's library name of a GGUF repository, asks for the code
 * of llama-cpp-python, which loads it (the CLI's --client reads these).
 */
export const libraryClientAliases: Readonly<Record<string, RecipeKey>> = { gguf: ggufLoader };
