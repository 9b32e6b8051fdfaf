import { quantizerPackages } from "../catalogue/quantizers.js";
import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { installOfLibrary } from "./library-installs.js";

/*
 * What transformers code needs installed beyond the registry's `transformers torch`, each read in transformers' own
 * source (v5.18, the library venv's): packages it imports only when a model or pipeline asks for them, and raises
 * "... requires the PIL library" (or timm, av, sentencepiece, pytesseract, accelerate) without. Package names are
 * PyPI's, as in the checked copy test/fixtures/install/package-names.json.
 */

/**
 * Pipeline tasks whose input is an image (or video frames) or whose processor is an image processor: every image
 * pipeline reads its input with `load_image`, and every image processor (its torchvision backend and its PIL one
 * alike) is registered behind the "vision" backend, which is Pillow.
 */
const imageTasks: ReadonlySet<string> = new Set([
  "depth-estimation",
  "document-question-answering",
  "image-classification",
  "image-feature-extraction",
  "image-segmentation",
  "image-text-to-text",
  "image-to-image",
  "image-to-text",
  "keypoint-detection",
  "mask-generation",
  "object-detection",
  "video-classification",
  "visual-question-answering",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
]);

/** Processor classes that load an image processor, whatever the task says. */
const imageProcessors: ReadonlySet<string> = new Set(["AutoImageProcessor", "AutoVideoProcessor"]);

/**
 * Model types whose config builds a timm backbone: the DETR family's configs default to `use_timm_backbone` with
 * backbone "resnet50" (backbone_utils.consolidate_backbone_kwargs_to_config), as their checkpoints' config.json keep;
 * Gemma 3n's vision config asks for timm to name its ImageNet labels; timm_wrapper and timm_backbone are timm models.
 */
const timmModelTypes: ReadonlySet<string> = new Set([
  "conditional_detr",
  "dab-detr",
  "deformable_detr",
  "detr",
  "gemma3n",
  "omdet-turbo",
  "table-transformer",
  "timm_backbone",
  "timm_wrapper",
]);

/**
 * Video processors are registered behind the "vision" and "torchvision" backends (video_processing_utils.py): a
 * snippet that loads one, or a video model that has no image processor to fall back on (V-JEPA 2), needs torchvision.
 */
const videoProcessorModelTypes: ReadonlySet<string> = new Set(["vjepa2"]);

/** Model types whose only tokenizer is a sentencepiece one (`@requires(backends=("sentencepiece",))`). */
const sentencepieceModelTypes: ReadonlySet<string> = new Set(["bert-generation", "m2m_100", "marian", "plbart", "siglip", "speech_to_text", "speecht5"]);

/** Model types whose document-question-answering pipeline reads the words of the page with Tesseract (pytesseract). */
const ocrModelTypes: ReadonlySet<string> = new Set(["layoutlm", "layoutlmv2", "layoutlmv3"]);

/**
 * Pandas, which the table-question-answering pipeline asks for (`requires_backends(self, "pandas")` in its __call__)
 * and TAPAS's tokenizer raises without ("Pandas is required for the TAPAS tokenizer", tokenization_tapas.py), whatever
 * the task the snippet runs.
 */
const pandasModelTypes: ReadonlySet<string> = new Set(["tapas"]);

/** The record's config.model_type, when it gives one. */
export function modelTypeOf(view: RecordView): string | undefined {
  const type = view.record.config?.["model_type"];
  return typeof type === "string" ? type : undefined;
}

/**
 * The quant_method of the record's config.quantization_config: a pre-quantized checkpoint, which transformers loads
 * only with its quantizer's packages (data/quantizers.json). A config with load_in_4bit or load_in_8bit is
 * bitsandbytes', as transformers reads it (AutoQuantizationConfig.from_dict).
 */
function quantMethodOf(view: RecordView): string | undefined {
  const config: unknown = view.record.config?.["quantization_config"];
  if (typeof config !== "object" || config === null) return undefined;
  const fields = config as Record<string, unknown>;
  if (fields["load_in_4bit"] === true || fields["load_in_8bit"] === true) return "bitsandbytes";
  return typeof fields["quant_method"] === "string" ? fields["quant_method"] : undefined;
}

/** Whether the document-question-answering code runs OCR on the page (the snippet then says tesseract must be there). */
export const runsOcr = (view: RecordView): boolean => view.record.pipeline_tag === "document-question-answering" && ocrModelTypes.has(modelTypeOf(view) ?? "");

/** What one transformers snippet uses: its processor class, and whether it places the model with device_map. */
export interface TransformersNeeds {
  processor?: string;
  deviceMap?: boolean;
}

/** The packages a transformers snippet needs beyond the registry's, in a fixed order. */
function transformersExtras(view: RecordView, needs: TransformersNeeds = {}): string[] {
  const task = view.record.pipeline_tag ?? "";
  const type = modelTypeOf(view) ?? "";
  const images = imageTasks.has(task) || (needs.processor !== undefined && imageProcessors.has(needs.processor)) || timmModelTypes.has(type);
  const extras: [needed: boolean, name: string][] = [
    [needs.deviceMap === true, "accelerate"],
    [images, "pillow"],
    [needs.processor === "AutoVideoProcessor" || videoProcessorModelTypes.has(type), "torchvision"],
    [timmModelTypes.has(type), "timm"],
    [task === "video-classification", "av"],
    [sentencepieceModelTypes.has(type), "sentencepiece"],
    [runsOcr(view), "pytesseract"],
    [task === "table-question-answering" || pandasModelTypes.has(type), "pandas"],
  ];
  const method = quantMethodOf(view);
  const quantizer = method === undefined ? [] : quantizerPackages(method);
  return [...new Set([...extras.filter(([needed]) => needed).map(([, name]) => name), ...quantizer])];
}

/** The install line of a transformers snippet: the registry's packages, then what this model and snippet add. */
export function transformersInstall(view: RecordView, needs: TransformersNeeds = {}): string {
  const base = installOfLibrary("transformers")?.pip ?? ["transformers", "torch"];
  return installCommand("pip", [...base, ...transformersExtras(view, needs)]);
}
