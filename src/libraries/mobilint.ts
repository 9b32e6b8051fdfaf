import type { RecordView } from "../model/view.js";
import type { DataValue } from "../values/data-value.js";
import { downloadOnlySnippet } from "./download-only.js";
import { sampling } from "./sampling.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Mobilint's generative models run on its NPUs (ARIES) through transformers: with mblt-model-zoo[transformers]
 * installed, the repository's remote code loads the compiled .mxq model behind the usual pipeline. Vision models
 * of the zoo load by their zoo name with MBLT_Engine, which a Hub record does not give: those are downloaded.
 */

const note = comment("needs a Mobilint NPU");

const pipe = (view: RecordView, task: string) =>
  call("pipe = pipeline(", [arg(task), kwarg("model", view.id), kwarg("trust_remote_code", true), kwarg("device", "cpu")]);

const reply = 'print(outputs[0]["generated_text"][-1]["content"])';

function chat(view: RecordView): string {
  const run = call("outputs = pipe(", [
    arg(ref("messages")),
    kwarg("max_new_tokens", 128),
    kwarg("do_sample", true),
    kwarg("temperature", sampling.temperature),
    kwarg("top_p", sampling.topP),
  ]);
  return python`${note}
from transformers import pipeline

${pipe(view, "text-generation")}
${assign("messages =", [{ role: "user", content: "Who are you?" }])}
${run}
${ref(reply)}`;
}

function describeImage(view: RecordView): string {
  const content: DataValue[] = [
    { type: "image", image: "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/bee.jpg" },
    { type: "text", text: "Describe this image." },
  ];
  return python`${note}
from transformers import pipeline

${pipe(view, "image-text-to-text")}
${assign("messages =", [{ role: "user", content }])}
outputs = pipe(text=messages, max_new_tokens=128)
${ref(reply)}`;
}

function transcribe(view: RecordView): string {
  return python`${note}
from transformers import pipeline

${pipe(view, "automatic-speech-recognition")}
print(pipe(${"speech.wav"})[${"text"}])`;
}

export const mobilint: LibraryGenerator = (view) => {
  const task = view.record.pipeline_tag;
  const code =
    task === "text-generation"
      ? chat(view)
      : task === "image-text-to-text"
        ? describeImage(view)
        : task === "automatic-speech-recognition"
          ? transcribe(view)
          : downloadOnlySnippet(view, "https://github.com/mobilint/mblt-model-zoo").content;
  return [pythonSnippet(code)];
};
