import { chatTts, diaTts, stableAudioTools } from "./audio-generation.js";
import { diffusers } from "./diffusers.js";
import { diffusionkit } from "./diffusionkit.js";
import { kerasHub } from "./keras-hub.js";
import { llamaCppPython } from "./llama-cpp-python.js";
import { mlx } from "./mlx.js";
import { paddlenlpSnippets } from "./paddlenlp.js";
import { peftSnippets } from "./peft.js";
import { keras, openClip, sentenceTransformers, spacy, timm } from "./python-loaders.js";
import { sklearn } from "./sklearn.js";
import { speechbrain } from "./speechbrain.js";
import { stableBaselines3 } from "./stable-baselines3.js";
import { fastai, gliner, pyannoteAudio, ultralytics } from "./task-libraries.js";
import { transformersSnippets } from "./transformers.js";
import type { LibraryGenerator } from "./types.js";
// imports: group 1
// imports: group 2
// imports: group 3
// imports: group 4

/**
 * Every library with a loading recipe, by its key (a model's `library_name`). The row is the registration:
 * the CLI, the library API and the tests read this table, and nothing else lists the libraries. Adding a
 * library is one row here plus its fixture in test/fixtures/libraries/.
 */
export const libraryGenerators: Readonly<Record<string, LibraryGenerator>> = {
  chat_tts: chatTts,
  "dia-tts": diaTts,
  diffusers,
  diffusionkit,
  fastai,
  gliner,
  keras,
  "keras-hub": kerasHub,
  "llama-cpp-python": llamaCppPython,
  mlx,
  open_clip: openClip,
  paddlenlp: paddlenlpSnippets,
  peft: peftSnippets,
  "pyannote-audio": pyannoteAudio,
  "sentence-transformers": sentenceTransformers,
  sklearn,
  spacy,
  speechbrain,
  "stable-audio-tools": stableAudioTools,
  "stable-baselines3": stableBaselines3,
  timm,
  transformers: transformersSnippets,
  ultralytics,
  // rows: group 1
  // rows: group 2
  // rows: group 3
  // rows: group 4
};
