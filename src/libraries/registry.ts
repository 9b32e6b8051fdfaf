import { adapterTransformers } from "./adapter-transformers.js";
import { chatTts, diaTts, stableAudioTools } from "./audio-generation.js";
import { cartesiaPytorch } from "./cartesia_pytorch.js";
import { depthAnythingV2 } from "./depth-anything-v2.js";
import { diffusers } from "./diffusers.js";
import { diffusionkit } from "./diffusionkit.js";
import { htrflow } from "./htrflow.js";
import { indexTts } from "./index-tts.js";
import { kerasHub } from "./keras-hub.js";
import { llamaCppPython } from "./llama-cpp-python.js";
import { ltx } from "./ltx.js";
import { colipri, cxrFoundation, dermFoundation, flexray } from "./medical-imaging.js";
import { memra } from "./memra.js";
import { meshAnything } from "./mesh-anything.js";
import { mlxImage } from "./mlx-image.js";
import { mlx } from "./mlx.js";
import { mobilint } from "./mobilint.js";
import { moshi } from "./moshi.js";
import { multimolecule } from "./multimolecule.js";
import { outetts } from "./outetts.js";
import { paddlenlpSnippets } from "./paddlenlp.js";
import { paddleocr } from "./PaddleOCR.js";
import { peftSnippets } from "./peft.js";
import { perceptionEncoder } from "./perception-encoder.js";
import { prunaAi } from "./pruna-ai.js";
import { keras, openClip, spacy, timm } from "./python-loaders.js";
import { qwen3Tts } from "./qwen3_tts.js";
import { aneforge, cartesiaMlx, cortiq, litertLm, pythae, tfKeras, unitySentis } from "./runtimes.js";
import { sampleFactory } from "./sample-factory.js";
import { sana } from "./sana.js";
import { sapRpt1Oss } from "./sap-rpt-1-oss.js";
import { sentenceTransformers } from "./sentence-transformers.js";
import { anemoi, chronosForecasting, flextab, kernels, lerobot, mlAgents, opendde, routeePowertrain, terratorch, zeromodels } from "./science-and-agents.js";
import { sklearn } from "./sklearn.js";
import { asteroid, audiocraft, audioseal, espnet, fairseq, nemo, openasr } from "./speech-audio.js";
import { chatterbox, dia2, kimiAudio, kittentts, mars5Tts, pocketTts, supertonic, voicecraft, voxcpm, vui, zonos } from "./speech-tts.js";
import { speechbrain } from "./speechbrain.js";
import { stableBaselines3 } from "./stable-baselines3.js";
import { fastai, gliner, pyannoteAudio, ultralytics } from "./task-libraries.js";
import { tensorflowtts } from "./tensorflowtts.js";
import {
  allennlp,
  bertopic,
  bm25s,
  edsnlp,
  fasttext,
  flair,
  gliner2,
  jevStyle,
  lightningIr,
  mambaSsm,
  model2vec,
  pxia,
  relik,
  saelens,
  setfit,
  spanMarker,
  stanza,
  swarmformer,
} from "./text-nlp.js";
import { transformersJs } from "./transformers-js.js";
import { transformersSnippets } from "./transformers.js";
import type { RecipeKey } from "./recipe-keys.js";
import type { LibraryGenerator } from "./types.js";
import { vibevoice } from "./vibevoice.js";
import { videoprism } from "./videoprism.js";
import { gaussianformer, matanyone, phantomWan, renderformer, sam3dBody, sam3dObjects, seedStory, threeDTopiaXl, univa, vfiMamba } from "./vision-3d-video.js";
import { araclip, ben2, birefnet, collectorvision, depthPro, describeAnything, lvface, nobg, sam2, yolov10 } from "./vision.js";
import { whisperkit } from "./whisperkit.js";

/**
 * Every library with a loading recipe, by its key (a model's `library_name`). The row is the registration:
 * the CLI, the library API and the tests read this table. Adding a library is one row here, then
 * `node scripts/registry-lists.mjs` (which writes its key into recipe-key-list.ts, the list the CLI asks without loading
 * the generators), and its fixture in test/fixtures/libraries/.
 */
export const libraryGenerators: Readonly<Record<RecipeKey, LibraryGenerator>> = {
  "3dtopia-xl": threeDTopiaXl,
  "adapter-transformers": adapterTransformers,
  allennlp,
  aneforge,
  anemoi,
  araclip,
  asteroid,
  audiocraft,
  audioseal,
  ben2,
  bertopic,
  birefnet,
  bm25s,
  cartesia_mlx: cartesiaMlx,
  cartesia_pytorch: cartesiaPytorch,
  chat_tts: chatTts,
  chatterbox,
  "chronos-forecasting": chronosForecasting,
  colipri,
  collectorvision,
  cortiq,
  "cxr-foundation": cxrFoundation,
  "depth-anything-v2": depthAnythingV2,
  "depth-pro": depthPro,
  "derm-foundation": dermFoundation,
  "describe-anything": describeAnything,
  "dia-tts": diaTts,
  dia2,
  diffusers,
  diffusionkit,
  edsnlp,
  espnet,
  fairseq,
  fastai,
  fasttext,
  flair,
  flexray,
  flextab,
  gaussianformer,
  // A GGUF repository (library_name gguf) loads in Python through llama-cpp-python.
  gguf: llamaCppPython,
  gliner,
  gliner2,
  htrflow,
  "index-tts": indexTts,
  "jev-style": jevStyle,
  keras,
  "keras-hub": kerasHub,
  kernels,
  "kimi-audio": kimiAudio,
  kittentts,
  lerobot,
  "lightning-ir": lightningIr,
  "litert-lm": litertLm,
  "llama-cpp-python": llamaCppPython,
  ltx,
  lvface,
  "mamba-ssm": mambaSsm,
  "mars5-tts": mars5Tts,
  matanyone,
  memra,
  "mesh-anything": meshAnything,
  "ml-agents": mlAgents,
  mlx,
  "mlx-image": mlxImage,
  mobilint,
  model2vec,
  moshi,
  multimolecule,
  nemo,
  nobg,
  open_clip: openClip,
  openasr,
  opendde,
  outetts,
  paddlenlp: paddlenlpSnippets,
  PaddleOCR: paddleocr,
  peft: peftSnippets,
  "perception-encoder": perceptionEncoder,
  "phantom-wan": phantomWan,
  "pocket-tts": pocketTts,
  "pruna-ai": prunaAi,
  pxia,
  "pyannote-audio": pyannoteAudio,
  pythae,
  qwen3_tts: qwen3Tts,
  relik,
  renderformer,
  "routee-powertrain": routeePowertrain,
  saelens,
  "sam-3d-body": sam3dBody,
  "sam-3d-objects": sam3dObjects,
  sam2,
  "sample-factory": sampleFactory,
  sana,
  "sap-rpt-1-oss": sapRpt1Oss,
  "seed-story": seedStory,
  "sentence-transformers": sentenceTransformers,
  setfit,
  sklearn,
  spacy,
  "span-marker": spanMarker,
  speechbrain,
  "stable-audio-tools": stableAudioTools,
  "stable-baselines3": stableBaselines3,
  stanza,
  supertonic,
  swarmformer,
  tensorflowtts,
  terratorch,
  "tf-keras": tfKeras,
  timm,
  transformers: transformersSnippets,
  "transformers.js": transformersJs,
  ultralytics,
  "unity-sentis": unitySentis,
  univa,
  "vfi-mamba": vfiMamba,
  vibevoice,
  videoprism,
  voicecraft,
  voxcpm,
  vui,
  whisperkit,
  yolov10,
  zeromodels,
  zonos,
};
