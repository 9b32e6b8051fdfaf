import { ggufLoader as modelGgufLoader, libraryKeyOf } from "../../model/library-key.js";

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

/** The library that loads a repository of GGUF files in Python (see src/model/library-key.ts): one with a recipe. */
export const ggufLoader = modelGgufLoader satisfies RecipeKey;

// Which library a record's loading code comes from is a fact of the record, read once into its view.
export { libraryKeyOf };

/**
 * Client names that stand for a library key: `gguf`, the Hub's library name of a GGUF repository, asks for the code
 * of llama-cpp-python, which loads it (the CLI's --client reads these).
 */
export const libraryClientAliases: Readonly<Record<string, RecipeKey>> = { gguf: ggufLoader };
