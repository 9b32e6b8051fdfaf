import type { RecordView } from "../model/view.js";
import { downloadOnlySnippet } from "./download-only.js";
import { assign, python } from "./python-code.js";
import { configValue } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * HTRflow runs a pipeline of steps (segment lines, transcribe them, export). The model takes its place in the
 * pipeline by its role: a YOLO segmentation model or a TrOCR text recognizer, paired with Riksarkivet's model
 * for the other role. The pipeline is the YAML file of the `htrflow pipeline` command, written as a dict.
 */

const defaults = { segmentation: "Riksarkivet/yolov9-lines-within-regions-1", recognition: "Riksarkivet/trocr-base-handwritten-hist-swe-2" };

/** The model's role in a pipeline: recognition for image-to-text (TrOCR) models, segmentation for detectors. */
function role(view: RecordView): "segmentation" | "recognition" | undefined {
  const task = view.record.pipeline_tag ?? "";
  if (task === "image-to-text" || configValue(view, "model_type") === "vision-encoder-decoder") return "recognition";
  if (task === "object-detection" || task === "image-segmentation" || view.record.tags.includes("yolo")) return "segmentation";
  return undefined;
}

export const htrflow: LibraryGenerator = (view) => {
  const kind = role(view);
  if (!kind) return [downloadOnlySnippet(view, "https://github.com/AI-Riksarkivet/htrflow")];
  const models = { ...defaults, [kind]: view.id };
  return [
    pythonSnippet(python`from htrflow.pipeline.pipeline import Pipeline
from htrflow.pipeline.steps import auto_import

${assign("seg =", { model: models.segmentation })}
${assign("rec =", { model: models.recognition })}
steps = [
    {"step": "Segmentation", "settings": {"model": "YOLO", "model_settings": seg}},
    {"step": "TextRecognition", "settings": {"model": "TrOCR", "model_settings": rec}},
    {"step": "OrderLines"},
    {"step": "Export", "settings": {"format": "txt", "dest": "outputs"}},
]
pipeline = Pipeline.from_config({"steps": steps})
for collection in auto_import([${"page.jpg"}]):
    pipeline.run(collection)`),
  ];
};
