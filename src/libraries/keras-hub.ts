import type { RecordView } from "../model/view.js";
import { loadWith } from "./from-pretrained.js";
import { python } from "./python-code.js";
import { configValue } from "./record-fields.js";
import type { LibraryGenerator } from "./types.js";

/*
 * KerasHub presets load through a task class chosen from config.json's `keras_hub.tasks` or the pipeline tag
 * (CausalLM for text generation, …), else as a bare Backbone. Class names come from the table below only.
 */

/** KerasHub's task classes (the generic ones, which pick the architecture from the preset). */
const kerasHubTasks = [
  "CausalLM",
  "Seq2SeqLM",
  "MaskedLM",
  "TextClassifier",
  "ImageClassifier",
  "ImageSegmenter",
  "ObjectDetector",
  "DepthEstimator",
  "TextToImage",
  "ImageToImage",
  "Inpaint",
] as const;
type KerasHubTask = (typeof kerasHubTasks)[number];

const kerasHubTaskByPipeline: Readonly<Record<string, KerasHubTask>> = {
  "text-generation": "CausalLM",
  "image-text-to-text": "CausalLM",
  "text2text-generation": "Seq2SeqLM",
  summarization: "Seq2SeqLM",
  translation: "Seq2SeqLM",
  "fill-mask": "MaskedLM",
  "text-classification": "TextClassifier",
  "image-classification": "ImageClassifier",
  "image-segmentation": "ImageSegmenter",
  "object-detection": "ObjectDetector",
  "depth-estimation": "DepthEstimator",
  "text-to-image": "TextToImage",
  "image-to-image": "ImageToImage",
};

/** The task of `config.keras_hub.tasks` that matches the pipeline tag, else its first known one, else the pipeline tag's. */
function kerasHubTask(view: RecordView): KerasHubTask | undefined {
  const listed = configValue(view, "keras_hub", "tasks");
  const known = Array.isArray(listed) ? kerasHubTasks.filter((task) => listed.includes(task)) : [];
  const byPipeline =
    view.record.pipeline_tag !== undefined && Object.hasOwn(kerasHubTaskByPipeline, view.record.pipeline_tag)
      ? kerasHubTaskByPipeline[view.record.pipeline_tag]
      : undefined;
  if (byPipeline && (known.length === 0 || known.includes(byPipeline))) return byPipeline;
  return known[0];
}

const kerasHubUsage: Partial<Record<KerasHubTask, string>> = {
  CausalLM: python`print(model.generate(${"Keras is a deep learning library that"}, max_length=40))`,
  Seq2SeqLM: python`print(model.generate(${"The quick brown fox jumped over the lazy dog."}))`,
  TextClassifier: python`print(model.predict([${"What an amazing movie!"}]))`,
};

/** A KerasHub preset loads through its task class (CausalLM for text generation, …), else as a bare Backbone. */
export const kerasHub: LibraryGenerator = (view) => {
  const task = kerasHubTask(view);
  const load = task
    ? loadWith({
        module: "keras_hub.models",
        name: task,
        method: "from_preset",
        source: () => `hf://${view.id}`,
        usage: () => kerasHubUsage[task] ?? "model.summary()",
      })
    : loadWith({
        module: "keras_hub.models",
        name: "Backbone",
        method: "from_preset",
        variable: "backbone",
        source: () => `hf://${view.id}`,
        usage: () => "backbone.summary()",
      });
  return load(view);
};
