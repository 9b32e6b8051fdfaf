import type { RecordView } from "../model/view.js";
import type { DataValue } from "../values/data-value.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";
import { repoName } from "./record-fields.js";

/*
 * Short recipes of task libraries: GLiNER (entities), fastai, pyannote.audio and Ultralytics YOLO. Record values
 * (the id, file names) reach the code only as Python literals.
 */

export const gliner: LibraryGenerator = loadWith({
  module: "gliner",
  name: "GLiNER",
  method: "from_pretrained",
  usage: () => python`${assign("text =", "Marie Curie was born in Warsaw in 1867 and won the Nobel Prize in Paris.")}
${assign("labels =", ["person", "location", "date", "award"])}
entities = model.predict_entities(text, labels, threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`,
});

/** What a fastai Learner predicts on for the model's task: a table row, a sentence, or (vision, the default) an image file. */
function fastaiInput(task: string): { setup: string; input: DataValue } {
  if (task.startsWith("tabular-")) {
    const note = comment("a CSV file with the columns the model was trained on");
    return { setup: python`${note}\nrow = pd.read_csv(${"data.csv"}).iloc[0]\n`, input: ref("row") };
  }
  if (/^(text|token|fill-mask|summarization|translation|zero-shot-classification)/.test(task)) {
    return { setup: "", input: "I really enjoyed this film!" };
  }
  const vision = task.startsWith("image") || task === "object-detection";
  return { setup: vision ? "" : `${comment("pass an input of the kind the model was trained on").text}\n`, input: "image.jpg" };
}

export const fastai: LibraryGenerator = (view) => {
  const task = view.record.pipeline_tag ?? "";
  const { setup, input } = fastaiInput(task);
  const predict = task.endsWith("-classification")
    ? python`label, _, probabilities = learner.predict(${input})
print(label, probabilities.max().item())`
    : python`print(learner.predict(${input}))`;
  return [
    pythonSnippet(python`${ref(task.startsWith("tabular-") ? "import pandas as pd\n" : "")}from huggingface_hub import from_pretrained_fastai

${call("learner = from_pretrained_fastai(", [arg(view.id)])}

${ref(setup)}${ref(predict)}`),
  ];
};

/** Whether a pyannote pipeline is a speaker diarization pipeline (its output holds speaker turns). */
const isDiarization = (view: RecordView) => /diarization/i.test(repoName(view)) || view.record.tags.includes("speaker-diarization");

export const pyannoteAudio: LibraryGenerator = (view) => {
  if (!view.record.tags.includes("pyannote-audio-pipeline")) {
    return [
      pythonSnippet(python`from pyannote.audio import Inference, Model

${call("model = Model.from_pretrained(", [arg(view.id)])}
inference = Inference(model)
output = inference(${"audio.wav"})
print(output)`),
    ];
  }
  // No token argument: pyannote.audio 4 (`token`) and 3 (`use_auth_token`) both default to huggingface_hub's own
  // token, from hf auth login or HF_TOKEN, which a gated pipeline's access note asks for. A diarization pipeline
  // returns its turns in `speaker_diarization`.
  const turns = isDiarization(view) ? "output.speaker_diarization" : "output";
  return [
    pythonSnippet(python`from pyannote.audio import Pipeline

${call("pipeline = Pipeline.from_pretrained(", [arg(view.id)])}
output = pipeline(${"audio.wav"})
for turn, _, speaker in ${ref(turns)}.itertracks(yield_label=True):
    print(f"{turn.start:.1f}s - {turn.end:.1f}s: {speaker}")`),
  ];
};

/** The YOLO weights of the repository: a conventional name when several .pt files are listed, else the first. */
function yoloWeights(view: RecordView): string | undefined {
  const weights = view.fileNames.filter((name) => name.endsWith(".pt"));
  return weights.find((name) => name === "best.pt" || name === "model.pt") ?? weights[0];
}

export const ultralytics: LibraryGenerator = (view) => {
  // Ultralytics' YOLO class loads a local .pt file (it has no Hub loader), so the weights are downloaded first.
  const weights = yoloWeights(view);
  const note = weights ? "" : `${comment("replace model.pt with the name of the repository's .pt weights file").text}\n`;
  return [
    pythonSnippet(python`from huggingface_hub import hf_hub_download
from ultralytics import YOLO

${ref(note)}${call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", weights ?? "model.pt")])}
model = YOLO(path)
results = model(${"https://ultralytics.com/images/bus.jpg"})
results[0].save(filename=${"result.jpg"})`),
  ];
};
