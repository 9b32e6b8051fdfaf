import type { RecordView } from "../model/view.js";
import type { PythonArgument } from "../code/literals/python.js";
import { installCommand } from "../code/install.js";
import { installOfLibrary } from "./library-installs.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator, type LibrarySnippet } from "./types.js";
import { gatedBaseNote } from "../code/access-note.js";

/*
 * diffusers: one snippet per model, chosen by what the record is. Adapters (ControlNet, textual inversion, LoRA)
 * load the pipeline of the base model named in the card and attach themselves to it; full pipelines load by
 * their own id and run their task. Every record value (ids, prompts) enters the code as a Python literal.
 * Read against diffusers 0.42 (see data/libraries.json `checked`).
 */

/** The prompt when the record suggests none: an astronaut in a jungle. */
export const defaultImagePrompt = "A lone astronaut exploring a lush green jungle, cinematic lighting";

/** The prompt the record suggests: the card's instance prompt, else the first widget example's text. */
export function recordPrompt(view: RecordView): string | undefined {
  const instance = view.record.cardData?.instance_prompt;
  if (typeof instance === "string" && instance.trim() !== "") return instance;
  const text = view.record.widgetData?.[0]?.["text"];
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

/** The base model the card names (the first one when it names several). */
function baseModelOf(view: RecordView): string | undefined {
  const base = view.record.cardData?.base_model;
  const first = Array.isArray(base) ? base[0] : base;
  return typeof first === "string" && first.trim() !== "" ? first : undefined;
}

/** Tags are matched case-insensitively: cards write "ControlNet" as often as "controlnet". */
const hasTag = (view: RecordView, tag: string) => view.record.tags.some((each) => each.toLowerCase() === tag);
const mentions = (text: string | undefined, word: string) => text !== undefined && text.toLowerCase().includes(word);

/** A LoRA: tagged so, or marked by the Hub as an adapter of its base model. */
const isLora = (view: RecordView) => hasTag(view, "lora") || view.record.tags.some((tag) => tag.startsWith("base_model:adapter:"));

/**
 * An inpainting pipeline: tagged so, or a `diffusers:<class>` tag naming one (StableDiffusion…InpaintPipeline,
 * FluxFillPipeline). Its call needs the image and the mask as well as the prompt.
 */
const isInpainting = (view: RecordView) =>
  hasTag(view, "inpainting") || view.record.tags.some((tag) => /^diffusers:\w*(Inpaint|FluxFill)\w*Pipeline$/.test(tag));

/** Public example images: a photo to edit, and Canny edges to condition a ControlNet on. */
const catPhoto = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png";
const inpaintPhoto = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/inpaint.png";
const inpaintMask = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/inpaint_mask.png";
const cannyEdges = "https://huggingface.co/datasets/hf-internal-testing/diffusers-images/resolve/main/sd_controlnet/bird_canny.png";

const dtype = kwarg("dtype", ref("torch.bfloat16"));

/** `pipe = <loader>(<id>, dtype=…)` then `pipe.to("cuda")`; with the no-base-model note when the id is unknown. */
function loadPipeline(loader: string, id: string | undefined, extra: PythonArgument[] = [], precision = dtype): string {
  const load = python`${call(`pipe = ${loader}.from_pretrained(`, [arg(id ?? "BASE_MODEL_ID"), ...extra, precision])}
pipe.to("cuda")`;
  return id === undefined ? python`${comment(fallbackNotes.noBaseModel)}\n${ref(load)}` : load;
}

/** loadPipeline for the base model an adapter (LoRA, embedding, ControlNet) goes on, with its note when it is gated. */
function loadBasePipeline(loader: string, base: string | undefined, extra: PythonArgument[] = []): string {
  const load = loadPipeline(loader, base, extra);
  const note = gatedBaseNote(base);
  return note === undefined ? load : python`${comment(note)}\n${ref(load)}`;
}

/** The prompt line and the generation of one image, saved to image.png. */
function generateImage(view: RecordView, fallbackPrompt: string, inputs: string): string {
  return python`${assign("prompt =", recordPrompt(view) ?? fallbackPrompt)}
image = pipe(${ref(inputs)}).images[0]
image.save("image.png")`;
}

function textToImage(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline

${ref(loadPipeline("DiffusionPipeline", view.id))}

${ref(generateImage(view, defaultImagePrompt, "prompt"))}`;
}

function imageToImage(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import load_image

${ref(loadPipeline("DiffusionPipeline", view.id))}

${call("input_image = load_image(", [arg(catPhoto)])}
${ref(generateImage(view, "Turn the cat into an astronaut exploring a jungle", "image=input_image, prompt=prompt"))}`;
}

/** The mask's white pixels are repainted (diffusers' VaeImageProcessor binarizes it), the black ones kept. */
function inpainting(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import load_image

${ref(loadPipeline("DiffusionPipeline", view.id))}

${call("input_image = load_image(", [arg(inpaintPhoto)])}
${comment("The mask's white pixels are painted anew, its black ones kept.")}
${call("mask_image = load_image(", [arg(inpaintMask)])}
${ref(generateImage(view, "A black cat with glowing eyes, highly detailed", "prompt=prompt, image=input_image, mask_image=mask_image"))}`;
}

function textToVideo(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import export_to_video

${ref(loadPipeline("DiffusionPipeline", view.id))}

${assign("prompt =", recordPrompt(view) ?? defaultImagePrompt)}
frames = pipe(prompt).frames[0]
export_to_video(frames, "video.mp4")`;
}

/**
 * Unconditional pipelines (DDPM, DDIM, PNDM, LDM…) end with `image.cpu().permute(…).numpy()` on the sample in the
 * UNet's dtype, and NumPy has no bfloat16 ("Got unsupported ScalarType BFloat16"): these small models load in float32.
 */
function unconditional(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline

${comment("The pipeline turns its samples into NumPy arrays, which have no bfloat16: keep float32.")}
${ref(loadPipeline("DiffusionPipeline", view.id, [], kwarg("dtype", ref("torch.float32"))))}

image = pipe().images[0]
image.save("image.png")`;
}

/** The record's `diffusers:<class>` tag: the pipeline class its model_index.json names. */
const pipelineClass = (view: RecordView) => view.record.tags.find((tag) => tag.startsWith("diffusers:"))?.slice("diffusers:".length);

/**
 * Image-to-video: most pipelines (Wan, CogVideoX, LTX, HunyuanVideo, I2VGen-XL) take the image and a prompt;
 * StableVideoDiffusionPipeline animates the image alone and has no prompt argument.
 */
function imageToVideo(view: RecordView): string {
  const imageOnly = pipelineClass(view) === "StableVideoDiffusionPipeline";
  const generate = imageOnly
    ? python`${comment("Stable Video Diffusion animates the image alone: it takes no prompt.")}
frames = pipe(input_image).frames[0]`
    : python`${assign("prompt =", recordPrompt(view) ?? "The cat turns its head and looks around, the camera slowly zooms in")}
frames = pipe(image=input_image, prompt=prompt).frames[0]`;
  return python`import torch
from diffusers import DiffusionPipeline
from diffusers.utils import export_to_video, load_image

${ref(loadPipeline("DiffusionPipeline", view.id))}

${call("input_image = load_image(", [arg(catPhoto)])}
${ref(generate)}
export_to_video(frames, "video.mp4")`;
}

/**
 * The AudioLDM family (AudioLDMPipeline, AudioLDM2Pipeline, MusicLDMPipeline) returns mono float32 waveforms in
 * `.audios` (mel_spectrogram_to_waveform casts to float32) at the sampling rate of its vocoder's config.
 */
const vocoderAudioPipelines: ReadonlySet<string> = new Set(["AudioLDMPipeline", "AudioLDM2Pipeline", "MusicLDMPipeline"]);

function textToAudio(view: RecordView): string {
  return python`import soundfile as sf
import torch
from diffusers import DiffusionPipeline

${ref(loadPipeline("DiffusionPipeline", view.id))}

${assign("prompt =", recordPrompt(view) ?? "A calm piano melody with soft rain in the background")}
audio = pipe(prompt).audios[0]
sf.write("audio.wav", audio, pipe.vocoder.config.sampling_rate)`;
}

/** A pipeline whose task this recipe does not run (other audio pipelines, 3D…): loading only. */
function loadOnly(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline

${ref(loadPipeline("DiffusionPipeline", view.id))}`;
}

function lora(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline

${ref(loadBasePipeline("DiffusionPipeline", baseModelOf(view)))}
${call("pipe.load_lora_weights(", [arg(view.id)])}

${ref(generateImage(view, defaultImagePrompt, "prompt"))}`;
}

function textualInversion(view: RecordView): string {
  return python`import torch
from diffusers import DiffusionPipeline

${ref(loadBasePipeline("DiffusionPipeline", baseModelOf(view)))}
${call("pipe.load_textual_inversion(", [arg(view.id)])}

# Put the concept's token (e.g. "<concept>") in the prompt to use the embedding.
${ref(generateImage(view, defaultImagePrompt, "prompt"))}`;
}

/**
 * The ControlNet class, the pipeline that loads the base model with it, and the name of the conditioning-image
 * argument, by the base model's family. AutoPipelineForText2Image turns a StableDiffusion(XL)/Flux pipeline into
 * its ControlNet pipeline when given `controlnet` (auto_pipeline.py); SD 3 loads StableDiffusion3ControlNetPipeline
 * by name, as the AutoPipeline mappings read here list no SD 3 ControlNet pipeline.
 */
function controlNetFamily(base: string | undefined): { model: string; pipeline: string; input: string } {
  if (mentions(base, "flux")) return { model: "FluxControlNetModel", pipeline: "AutoPipelineForText2Image", input: "control_image" };
  if (mentions(base, "stable-diffusion-3")) return { model: "SD3ControlNetModel", pipeline: "StableDiffusion3ControlNetPipeline", input: "control_image" };
  return { model: "ControlNetModel", pipeline: "AutoPipelineForText2Image", input: "image" };
}

function controlNet(view: RecordView): string {
  const base = baseModelOf(view);
  const family = controlNetFamily(base);
  const imports = [family.pipeline, family.model].sort().join(", ");
  return python`import torch
from diffusers import ${ref(imports)}
from diffusers.utils import load_image

${call(`controlnet = ${family.model}.from_pretrained(`, [arg(view.id), dtype])}
${ref(loadBasePipeline(family.pipeline, base, [kwarg("controlnet", ref("controlnet"))]))}

# Condition on an image of the kind this ControlNet expects (here: Canny edges).
${call("control_image = load_image(", [arg(cannyEdges)])}
${ref(generateImage(view, defaultImagePrompt, `prompt, ${family.input}=control_image`))}`;
}

/**
 * What a snippet needs beyond the registry's `diffusers transformers accelerate torch`: `load_lora_weights` raises
 * "PEFT backend is required for this method." without peft (loaders/lora_pipeline.py, USE_PEFT_BACKEND),
 * `export_to_video` writes through imageio with imageio-ffmpeg's binary (utils/export_utils.py; without imageio it
 * falls back to OpenCV, and without either it raises), and the audio snippet writes its WAV with soundfile.
 */
function withExtras(snippet: LibrarySnippet, extras: string[]): LibrarySnippet {
  if (extras.length === 0) return snippet;
  const base = installOfLibrary("diffusers")?.pip ?? ["diffusers", "transformers", "accelerate", "torch"];
  return { ...snippet, install: installCommand("pip", [...base, ...extras]) };
}

export const diffusers: LibraryGenerator = (view) => {
  const pick = () => {
    if (hasTag(view, "controlnet")) return controlNet;
    if (hasTag(view, "textual_inversion")) return textualInversion;
    if (isLora(view)) return lora;
    if (isInpainting(view)) return inpainting;
    switch (view.record.pipeline_tag) {
      case undefined:
      case "text-to-image":
        return textToImage;
      case "image-to-image":
        return imageToImage;
      case "text-to-video":
        return textToVideo;
      case "image-to-video":
        return imageToVideo;
      case "text-to-audio":
        return vocoderAudioPipelines.has(pipelineClass(view) ?? "") ? textToAudio : loadOnly;
      case "unconditional-image-generation":
        return unconditional;
      default:
        return loadOnly;
    }
  };
  const generator = pick();
  const extras =
    generator === lora
      ? ["peft"]
      : generator === textToVideo || generator === imageToVideo
        ? ["imageio", "imageio-ffmpeg"]
        : generator === textToAudio
          ? ["soundfile"]
          : [];
  return [withExtras(pythonSnippet(generator(view)), extras)];
};
