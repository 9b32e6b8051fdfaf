import { adapterTransformers } from "./adapter-transformers.js";
import { chatTts, diaTts, stableAudioTools } from "./audio-generation.js";
import { cartesiaPytorch } from "./cartesia_pytorch.js";
import { depthAnythingV2 } from "./depth-anything-v2.js";
import { diffusers } from "./diffusers.js";
import { diffusionkit } from "./diffusionkit.js";
import * as group1 from "./group-1.js";
import * as group2 from "./group-2.js";
import * as group3 from "./group-3.js";
import {
  anemoi,
  audioseal,
  bm25s,
  chronosForecasting,
  cxrFoundation,
  describeAnything,
  fairseq,
  flextab,
  indexTts,
  kernels,
  lightningIr,
  mars5Tts,
  mlAgents,
  openasr,
  pxia,
  renderformer,
  sam3dBody,
  setfit,
  supertonic,
  voxcpm,
  yolov10,
} from "./group-4.js";
import { htrflow } from "./htrflow.js";
import { kerasHub } from "./keras-hub.js";
import { llamaCppPython } from "./llama-cpp-python.js";
import { ltx } from "./ltx.js";
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
import { keras, openClip, sentenceTransformers, spacy, timm } from "./python-loaders.js";
import { qwen3Tts } from "./qwen3_tts.js";
import { sana } from "./sana.js";
import { sapRpt1Oss } from "./sap-rpt-1-oss.js";
import { sklearn } from "./sklearn.js";
import { speechbrain } from "./speechbrain.js";
import { stableBaselines3 } from "./stable-baselines3.js";
import { fastai, gliner, pyannoteAudio, ultralytics } from "./task-libraries.js";
import { tensorflowtts } from "./tensorflowtts.js";
import { transformersJs } from "./transformers-js.js";
import { transformersSnippets } from "./transformers.js";
import type { LibraryGenerator } from "./types.js";
import { vibevoice } from "./vibevoice.js";
import { videoprism } from "./videoprism.js";
import { whisperkit } from "./whisperkit.js";

/**
 * Every library with a loading recipe, by its key (a model's `library_name`). The row is the registration:
 * the CLI, the library API and the tests read this table, and nothing else lists the libraries. Adding a
 * library is one row here plus its fixture in test/fixtures/libraries/.
 */
export const libraryGenerators: Readonly<Record<string, LibraryGenerator>> = {
  "3dtopia-xl": group2.threeDTopiaXl,
  "adapter-transformers": adapterTransformers,
  allennlp: group2.allennlp,
  aneforge: group3.aneforge,
  anemoi,
  araclip: group1.araclip,
  asteroid: group2.asteroid,
  audiocraft: group3.audiocraft,
  audioseal,
  ben2: group1.ben2,
  bertopic: group2.bertopic,
  birefnet: group3.birefnet,
  bm25s,
  cartesia_mlx: group2.cartesiaMlx,
  cartesia_pytorch: cartesiaPytorch,
  chat_tts: chatTts,
  chatterbox: group3.chatterbox,
  "chronos-forecasting": chronosForecasting,
  colipri: group2.colipri,
  collectorvision: group1.collectorvision,
  cortiq: group3.cortiq,
  "cxr-foundation": cxrFoundation,
  "depth-anything-v2": depthAnythingV2,
  "depth-pro": group2.depthPro,
  "derm-foundation": group3.dermFoundation,
  "describe-anything": describeAnything,
  "dia-tts": diaTts,
  dia2: group1.dia2,
  diffusers,
  diffusionkit,
  edsnlp: group2.edsnlp,
  espnet: group3.espnet,
  fairseq,
  fastai,
  fasttext: group1.fasttext,
  flair: group2.flair,
  flexray: group3.flexray,
  flextab,
  gaussianformer: group1.gaussianformer,
  gliner,
  gliner2: group2.gliner2,
  htrflow,
  "index-tts": indexTts,
  "jev-style": group1.jevStyle,
  keras,
  "keras-hub": kerasHub,
  kernels,
  "kimi-audio": group1.kimiAudio,
  kittentts: group2.kittentts,
  lerobot: group2.lerobot,
  "lightning-ir": lightningIr,
  "litert-lm": group1.litertLm,
  "llama-cpp-python": llamaCppPython,
  ltx,
  lvface: group2.lvface,
  "mamba-ssm": group3.mambaSsm,
  "mars5-tts": mars5Tts,
  matanyone: group1.matanyone,
  memra,
  "mesh-anything": meshAnything,
  "ml-agents": mlAgents,
  mlx,
  "mlx-image": mlxImage,
  mobilint,
  model2vec: group2.model2vec,
  moshi,
  multimolecule,
  nemo: group2.nemo,
  nobg: group3.nobg,
  open_clip: openClip,
  openasr,
  opendde: group1.opendde,
  outetts,
  paddlenlp: paddlenlpSnippets,
  PaddleOCR: paddleocr,
  peft: peftSnippets,
  "perception-encoder": perceptionEncoder,
  "phantom-wan": group1.phantomWan,
  "pocket-tts": group2.pocketTts,
  "pruna-ai": prunaAi,
  pxia,
  "pyannote-audio": pyannoteAudio,
  pythae: group1.pythae,
  qwen3_tts: qwen3Tts,
  relik: group3.relik,
  renderformer,
  "routee-powertrain": group1.routeePowertrain,
  saelens: group2.saelens,
  "sam-3d-body": sam3dBody,
  "sam-3d-objects": group1.sam3dObjects,
  sam2: group3.sam2,
  "sample-factory": group2.sampleFactory,
  sana,
  "sap-rpt-1-oss": sapRpt1Oss,
  "seed-story": group2.seedStory,
  "sentence-transformers": sentenceTransformers,
  setfit,
  sklearn,
  spacy,
  "span-marker": group1.spanMarker,
  speechbrain,
  "stable-audio-tools": stableAudioTools,
  "stable-baselines3": stableBaselines3,
  stanza: group3.stanza,
  supertonic,
  swarmformer: group1.swarmformer,
  tensorflowtts,
  terratorch: group3.terratorch,
  "tf-keras": group2.tfKeras,
  timm,
  transformers: transformersSnippets,
  "transformers.js": transformersJs,
  ultralytics,
  "unity-sentis": group2.unitySentis,
  univa: group1.univa,
  "vfi-mamba": group1.vfiMamba,
  vibevoice,
  videoprism,
  voicecraft: group3.voicecraft,
  voxcpm,
  vui: group1.vui,
  whisperkit,
  yolov10,
  zeromodels: group3.zeromodels,
  zonos: group1.zonos,
};
