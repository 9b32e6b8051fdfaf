import type { RecordView } from "../model/view.js";
import { tableQuestionExample } from "../model/examples.js";
import type { PythonArgument } from "../code/literals/python.js";
import { chatMessages, hasChatTemplate } from "./chat-input.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { modelTypeOf, runsOcr, transformersInstall } from "./transformers-installs.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator, type LibrarySnippet } from "./types.js";
import { remoteCodeNote, runsRemoteCode } from "./remote-code.js";

/*
 * transformers: a `pipeline(task, model=id)` call on a small example where the task has a pipeline in current
 * transformers, and the processor and model classes of the record's transformersInfo loaded with
 * `from_pretrained` (a generative model placed with device_map="auto", and run on an example where the inputs are
 * plain: a chat, an image and a question, a text to continue, summarize or translate). Class names never come from the
 * record as text: the record only picks among the names below. Install lines: transformers-installs.ts.
 */

/** The Auto model classes transformers exports (a record's `auto_model` is one of these). */
const autoModelClasses = new Set([
  "AutoBackbone",
  "AutoModel",
  "AutoModelForAudioClassification",
  "AutoModelForAudioFrameClassification",
  "AutoModelForAudioTokenization",
  "AutoModelForAudioXVector",
  "AutoModelForCausalLM",
  "AutoModelForCTC",
  "AutoModelForDepthEstimation",
  "AutoModelForDocumentQuestionAnswering",
  "AutoModelForImageClassification",
  "AutoModelForImageSegmentation",
  "AutoModelForImageTextToText",
  "AutoModelForImageToImage",
  "AutoModelForInstanceSegmentation",
  "AutoModelForKeypointDetection",
  "AutoModelForKeypointMatching",
  "AutoModelForMaskedImageModeling",
  "AutoModelForMaskedLM",
  "AutoModelForMaskGeneration",
  "AutoModelForMultimodalLM",
  "AutoModelForMultipleChoice",
  "AutoModelForNextSentencePrediction",
  "AutoModelForObjectDetection",
  "AutoModelForPreTraining",
  "AutoModelForQuestionAnswering",
  "AutoModelForSemanticSegmentation",
  "AutoModelForSeq2SeqLM",
  "AutoModelForSequenceClassification",
  "AutoModelForSpeechSeq2Seq",
  "AutoModelForTableQuestionAnswering",
  "AutoModelForTextEncoding",
  "AutoModelForTextToSpectrogram",
  "AutoModelForTextToWaveform",
  "AutoModelForTimeSeriesPrediction",
  "AutoModelForTokenClassification",
  "AutoModelForUniversalSegmentation",
  "AutoModelForVideoClassification",
  "AutoModelForVisualQuestionAnswering",
  "AutoModelForZeroShotImageClassification",
  "AutoModelForZeroShotObjectDetection",
]);

/** Classes transformers v5 removed, and the class that replaces each. */
const renamedClasses: Readonly<Record<string, string>> = { AutoModelForVision2Seq: "AutoModelForImageTextToText" };

/** The processor classes, with the variable each is loaded into. */
const processorVariables: Readonly<Record<string, string>> = {
  AutoTokenizer: "tokenizer",
  AutoProcessor: "processor",
  AutoImageProcessor: "image_processor",
  AutoFeatureExtractor: "feature_extractor",
  AutoVideoProcessor: "video_processor",
};

/** The classes to use when the record has no transformersInfo, by pipeline tag (only where the choice is clear). */
const classesByTask: Readonly<Record<string, { model: string; processor: string }>> = {
  "text-generation": { model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  "text-classification": { model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" },
  "zero-shot-classification": { model: "AutoModelForSequenceClassification", processor: "AutoTokenizer" },
  "token-classification": { model: "AutoModelForTokenClassification", processor: "AutoTokenizer" },
  "fill-mask": { model: "AutoModelForMaskedLM", processor: "AutoTokenizer" },
  "question-answering": { model: "AutoModelForQuestionAnswering", processor: "AutoTokenizer" },
  "table-question-answering": { model: "AutoModelForTableQuestionAnswering", processor: "AutoTokenizer" },
  summarization: { model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  translation: { model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  "text2text-generation": { model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
  "feature-extraction": { model: "AutoModel", processor: "AutoTokenizer" },
  "sentence-similarity": { model: "AutoModel", processor: "AutoTokenizer" },
  "image-classification": { model: "AutoModelForImageClassification", processor: "AutoImageProcessor" },
  "object-detection": { model: "AutoModelForObjectDetection", processor: "AutoImageProcessor" },
  "depth-estimation": { model: "AutoModelForDepthEstimation", processor: "AutoImageProcessor" },
  "image-feature-extraction": { model: "AutoModel", processor: "AutoImageProcessor" },
  "image-text-to-text": { model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
  "image-to-text": { model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
  "zero-shot-image-classification": { model: "AutoModelForZeroShotImageClassification", processor: "AutoProcessor" },
  "zero-shot-object-detection": { model: "AutoModelForZeroShotObjectDetection", processor: "AutoProcessor" },
  "audio-classification": { model: "AutoModelForAudioClassification", processor: "AutoFeatureExtractor" },
  "document-question-answering": { model: "AutoModelForDocumentQuestionAnswering", processor: "AutoProcessor" },
  "visual-question-answering": { model: "AutoModelForVisualQuestionAnswering", processor: "AutoProcessor" },
  "mask-generation": { model: "AutoModelForMaskGeneration", processor: "AutoProcessor" },
};

const exampleImage = "https://huggingface.co/datasets/Narsil/image_dummy/raw/main/parrots.png";
const exampleAudio = "https://huggingface.co/datasets/Narsil/asr_dummy/resolve/main/mlk.flac";
const exampleVideo = "https://huggingface.co/datasets/nateraw/video-demo/resolve/main/archery.mp4";
const exampleInvoice = "https://huggingface.co/spaces/impira/docquery/resolve/2359223c1837a7587402bda0f2643382a6eefeab/invoice.png";

/** What a generator knows about the model when it writes a usage example. */
interface UsageContext {
  view: RecordView;
  chat: boolean;
  text: (fallback: string) => string;
}

/**
 * The tasks that have a pipeline in current transformers (v5 removed summarization, translation,
 * text2text-generation, image-to-text, image-to-image, question-answering and visual-question-answering), each
 * with the lines that run `pipe` on a small example.
 */
const pipelineUsage: Readonly<Record<string, (context: UsageContext) => string>> = {
  "text-generation": ({ view, chat, text }) =>
    chat
      ? python`${assign("messages =", chatMessages(view))}\nprint(pipe(messages, max_new_tokens=40))`
      : run([arg(text("Once upon a time,")), kwarg("max_new_tokens", 40)]),
  "image-text-to-text": ({ view, chat, text }) =>
    chat
      ? python`${assign("messages =", chatMessages(view, exampleImage))}\nprint(pipe(text=messages, max_new_tokens=40))`
      : run([kwarg("images", exampleImage), kwarg("text", text("Describe this image.")), kwarg("max_new_tokens", 40)]),
  "text-classification": ({ text }) => run([arg(text("This movie was a delight from start to finish."))]),
  "token-classification": ({ text }) => run([arg(text("Ada Lovelace worked with Charles Babbage in London."))]),
  "fill-mask": ({ view, text }) => run([arg(text(`Paris is the ${view.record.mask_token ?? "[MASK]"} of France.`))]),
  "feature-extraction": ({ text }) =>
    run([arg(text("The quick brown fox jumps over the lazy dog.")), kwarg("return_tensors", true)], "features", "print(features.shape)"),
  "zero-shot-classification": ({ text }) =>
    run([arg(text("The new update drains my battery in two hours.")), kwarg("candidate_labels", ["battery", "screen", "billing"])]),
  "table-question-answering": ({ view }) => {
    // The inference call's example: the widget's table and its question, else a small table.
    const { table, query } = tableQuestionExample(view.record);
    return `${assign("table =", table).text}
${run([kwarg("table", ref("table")), kwarg("query", query)])}`;
  },
  "document-question-answering": ({ text }) => run([kwarg("image", exampleInvoice), kwarg("question", text("What is the invoice number?"))]),
  "text-to-audio": ({ text }) => run([arg(text("Hello, my dog is cute."))], "speech", 'print(speech["sampling_rate"], speech["audio"].shape)'),
  "text-to-speech": ({ text }) => run([arg(text("Hello, my dog is cute."))], "speech", 'print(speech["sampling_rate"], speech["audio"].shape)'),
  "automatic-speech-recognition": () => run([arg(exampleAudio)]),
  "audio-classification": () => run([arg(exampleAudio)]),
  "image-classification": () => run([arg(exampleImage)]),
  "object-detection": () => run([arg(exampleImage)]),
  "image-segmentation": () => run([arg(exampleImage)], "segments", 'print([segment["label"] for segment in segments])'),
  "depth-estimation": () => run([arg(exampleImage)], "result", 'result["depth"].save("depth.png")'),
  "image-feature-extraction": () => run([arg(exampleImage), kwarg("return_tensors", true)], "features", "print(features.shape)"),
  "mask-generation": () => run([arg(exampleImage)], "result", 'print(len(result["masks"]))'),
  "zero-shot-image-classification": () => run([arg(exampleImage), kwarg("candidate_labels", ["cat", "dog", "bird"])]),
  "zero-shot-object-detection": () => run([arg(exampleImage), kwarg("candidate_labels", ["cat", "remote control"])]),
  "video-classification": () => run([arg(exampleVideo)]),
};

/** `<variable> = pipe(args)` laid out as black prints it, then the line that shows the result. */
function run(args: PythonArgument[], variable = "result", after = `print(${variable})`): string {
  return `${call(`${variable} = pipe(`, args).text}\n${after}`;
}

/** `from module import A, B` as black prints it (one name per line when the line is too long). */
export function importLine(module: string, names: string[]): string {
  const unique = [...new Set(names)];
  const flat = `from ${module} import ${unique.join(", ")}`;
  return flat.length <= 88 ? flat : `from ${module} import (\n${unique.map((name) => `    ${name},`).join("\n")}\n)`;
}

/** The table's own entry for a key from a record (never an inherited property such as `constructor`). */
export function own<T>(table: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The model's widget text when it has one, else the fallback. */
function widgetText(view: RecordView, fallback: string): string {
  const text = view.record.widgetData?.[0]?.text;
  return typeof text === "string" && text.trim() !== "" ? text : fallback;
}

/** The model and processor classes: the record's transformersInfo, else the pipeline tag's usual classes. */
function classesOf(view: RecordView): { model?: string; processor?: string } {
  const info = view.record.transformersInfo;
  const byTask = own(classesByTask, view.record.pipeline_tag);
  // A class outside the list (AutoModelWithLMHead, which v5 drops, or a name that is no class) gives way to the task's.
  const auto = info ? (own(renamedClasses, info.auto_model) ?? info.auto_model) : undefined;
  const processor = own(processorVariables, info?.processor) !== undefined ? info?.processor : byTask?.processor;
  return { model: auto !== undefined && autoModelClasses.has(auto) ? auto : byTask?.model, processor };
}

function pipelineSnippet(view: RecordView, task: string, remoteCode: boolean, chat: boolean): LibrarySnippet | undefined {
  const usage = own(pipelineUsage, task);
  if (!usage) return undefined;
  const args: PythonArgument[] = [arg(task), kwarg("model", view.id), ...(remoteCode ? [kwarg("trust_remote_code", true)] : [])];
  const header = [
    remoteCode ? remoteCodeNote.text : undefined,
    runsOcr(view) ? tesseractNote.text : undefined,
    ffmpegTasks.has(task) ? ffmpegNote.text : undefined,
  ].filter((line) => line !== undefined);
  const content = `${header.map((line) => `${line}\n`).join("")}${python`# Use a pipeline as a high-level helper
from transformers import pipeline

${call("pipe = pipeline(", args)}`}
${usage({ view, chat, text: (fallback) => widgetText(view, fallback) })}`;
  return { ...pythonSnippet(content), install: transformersInstall(view) };
}

/**
 * The audio pipelines read a file or URL as bytes and decode them with ffmpeg_read (pipelines/audio_utils.py), which
 * runs the ffmpeg program: without it they raise "ffmpeg was not found but is required to load audio files".
 */
const ffmpegTasks: ReadonlySet<string> = new Set(["automatic-speech-recognition", "audio-classification"]);
const ffmpegNote = comment("the pipeline decodes the audio file with the ffmpeg program: apt install ffmpeg, or brew install ffmpeg");

/** LayoutLM's document pipeline reads the page's words with Tesseract, a program pytesseract runs. */
const tesseractNote = comment("pytesseract runs the Tesseract program: apt install tesseract-ocr, or brew install tesseract");

/** Model classes of generative models, often billions of parameters: placed on the GPU(s) with device_map="auto". */
const generativeClasses: ReadonlySet<string> = new Set([
  "AutoModelForCausalLM",
  "AutoModelForImageTextToText",
  "AutoModelForMultimodalLM",
  "AutoModelForSeq2SeqLM",
]);

/** The tasks of sequence-to-sequence models whose pipelines transformers v5 removed: the code generates itself. */
const seq2seqTasks: Readonly<Record<string, string>> = {
  summarization:
    "The tower is 324 metres tall, about the same height as an 81-storey building, and the tallest structure in Paris. " +
    "During its construction, the Eiffel Tower surpassed the Washington Monument to become the tallest man-made " +
    "structure in the world, a title it held for 41 years until the Chrysler Building in New York was finished in 1930.",
  translation: "My name is Sarah and I live in London.",
  "text2text-generation": "Answer the question: what is the capital of France?",
};

/** The prefix a T5 checkpoint was trained to read before a task's text (its config's task_specific_params). */
const t5Prefixes: Readonly<Record<string, string>> = { summarization: "summarize: ", translation: "translate English to German: " };

/** Generation from a text: tokenize on the model's device, generate, decode (a causal LM's output starts with the text). */
function generateUsage(view: RecordView, task: string, fallback: string): string {
  const prefix = modelTypeOf(view) === "t5" ? (own(t5Prefixes, task) ?? "") : "";
  const text = widgetText(view, fallback);
  return python`${assign("text =", text.startsWith(prefix) ? text : `${prefix}${text}`)}
inputs = tokenizer(text, return_tensors="pt").to(model.device)
outputs = model.generate(**inputs, max_new_tokens=60)
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`;
}

function directSnippet(view: RecordView, remoteCode: boolean, chat: boolean): LibrarySnippet {
  const classes = classesOf(view);
  const modelClass = classes.model ?? "AutoModel";
  const extra: PythonArgument[] = remoteCode ? [kwarg("trust_remote_code", true)] : [];
  const deviceMap = generativeClasses.has(modelClass);
  const lines: string[] = [];
  if (remoteCode) lines.push(remoteCodeNote.text);
  if (!classes.model) lines.push(comment(fallbackNotes.unknownModelType).text);
  lines.push("# Load model directly", importLine("transformers", [classes.processor, modelClass].filter((name) => name !== undefined).sort()), "");
  const processorVariable = own(processorVariables, classes.processor);
  if (classes.processor && processorVariable) {
    lines.push(call(`${processorVariable} = ${classes.processor}.from_pretrained(`, [arg(view.id), ...extra]).text);
  }
  const placement = deviceMap ? [kwarg("device_map", "auto")] : [];
  lines.push(call(`model = ${modelClass}.from_pretrained(`, [arg(view.id), kwarg("dtype", "auto"), ...placement, ...extra]).text);
  const tokenizerLoaded = processorVariable === "tokenizer";
  const seq2seqText = own(seq2seqTasks, view.record.pipeline_tag);
  if (chat && modelClass === "AutoModelForCausalLM" && tokenizerLoaded) {
    lines.push(
      "",
      // The default message keeps this snippet short; the pipeline snippet shows the widget's chat.
      python`${assign("messages =", chatMessages(view, undefined, false))}
inputs = tokenizer.apply_chat_template(
    messages, add_generation_prompt=True, return_dict=True, return_tensors="pt"
).to(model.device)
outputs = model.generate(**inputs, max_new_tokens=40)
reply = outputs[0][inputs["input_ids"].shape[-1] :]
print(tokenizer.decode(reply, skip_special_tokens=True))`,
    );
  } else if (chat && modelClass === "AutoModelForImageTextToText" && processorVariable === "processor") {
    lines.push(
      "",
      python`${assign("messages =", chatMessages(view, exampleImage, false))}
inputs = processor.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)
outputs = model.generate(**inputs, max_new_tokens=40)
reply = outputs[0][inputs["input_ids"].shape[-1] :]
print(processor.decode(reply, skip_special_tokens=True))`,
    );
  } else if (seq2seqText !== undefined && modelClass === "AutoModelForSeq2SeqLM" && tokenizerLoaded) {
    lines.push("", generateUsage(view, view.record.pipeline_tag ?? "", seq2seqText));
  } else if (view.record.pipeline_tag === "text-generation" && modelClass === "AutoModelForCausalLM" && tokenizerLoaded) {
    lines.push("", generateUsage(view, "text-generation", "Once upon a time,"));
  }
  return { ...pythonSnippet(lines.join("\n")), install: transformersInstall(view, { processor: classes.processor, deviceMap }) };
}

/** The transformers generator: a pipeline snippet where the task has one, then the direct loading snippet. */
export const transformersSnippets: LibraryGenerator = (view) => {
  const remoteCode = runsRemoteCode(view);
  const chat = hasChatTemplate(view);
  const viaPipeline = view.record.pipeline_tag ? pipelineSnippet(view, view.record.pipeline_tag, remoteCode, chat) : undefined;
  return [...(viaPipeline ? [viaPipeline] : []), directSnippet(view, remoteCode, chat)];
};
