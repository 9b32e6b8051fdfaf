import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { installOfLibrary } from "./library-installs.js";
import { jsAssignment, jsLiteral } from "../code/literals/javascript.js";
import type { DataValue } from "../values/data-value.js";
import { configValue } from "./record-fields.js";
import { chatMessages, hasChatTemplate } from "./chat-input.js";
import type { LibraryGenerator, LibrarySnippet } from "./types.js";

/*
 * Transformers.js (the library of the key "transformers.js"): an ES module that runs the model's task through
 * pipeline() on a small input and logs the result; a model whose task the table does not know loads with
 * AutoModel. Record values (the id, the mask token) enter only as JavaScript literals laid out as prettier
 * prints them; the task and everything else come from the tables below. Audio examples decode their WAV file
 * with wavefile first: transformers.js reads an audio URL through the Web Audio API's AudioContext, which Node
 * lacks, and takes decoded samples anywhere.
 */

const width = 80;
const docs = "https://huggingface.co/datasets/Xenova/transformers.js-docs/resolve/main";

/** A call with literal arguments, as prettier prints it: on one line when it fits, else one argument a line. */
function jsCall(lead: string, args: DataValue[]): string {
  const flat = `${lead}${args.map((value) => jsLiteral(value)).join(", ")});`;
  if (!flat.includes("\n") && flat.length <= width) return flat;
  const lines = args.map((value) => `  ${jsLiteral(value, { indent: 2, before: 2, after: 1 })},`);
  return `${lead}\n${lines.join("\n")}\n);`;
}

/** What one task's example defines (each a `const`) and the arguments it passes to the pipeline (project code). */
interface Example {
  inputs: [name: string, value: DataValue][];
  args: string;
  /** Where an input is read by the snippet's own code before the pipeline takes it. */
  reader?: Reader;
  /** What the snippet logs (project code): the whole output unless said. */
  logs?: string;
}

/** Code that turns an input into what the pipeline takes: its import, its lines, the npm package it needs. */
interface Reader {
  imports: string;
  code: string;
  npm: string;
}

/*
 * The WAV file at `url`, as what the pipeline takes: one channel's Float32Array at the model's sampling rate. wavefile
 * is CommonJS to Node (which offers it as the default export) and an ES module to bundlers (named exports only).
 */
const wavReader: Reader = {
  imports: 'import * as wavefile from "wavefile";',
  code: `// Node has no AudioContext for transformers.js to decode audio: use wavefile
const { WaveFile } = wavefile.default ?? wavefile; // CommonJS in Node
const response = await fetch(url);
const wav = new WaveFile(new Uint8Array(await response.arrayBuffer()));
wav.toBitDepth("32f");
wav.toSampleRate(pipe.processor.feature_extractor.config.sampling_rate);
let audio = wav.getSamples(false, Float32Array);
if (Array.isArray(audio)) audio = audio[0];`,
  npm: "wavefile",
};

const text = (value: string, args = "text"): Example => ({ inputs: [["text", value]], args });
const image = (args = "image", url = `${docs}/cats.jpg`): Example => ({ inputs: [["image", url]], args });
const audio = (args = "audio"): Example => ({ inputs: [["url", `${docs}/jfk.wav`]], args, reader: wavReader });
const withLabels = (example: Example, labels: string[]): Example => ({
  ...example,
  inputs: [...example.inputs, ["labels", labels]],
  args: `${example.args}, labels`,
});

/** The pipeline tasks of Transformers.js and an example input for each; the key is the record's pipeline tag. */
const examples: Readonly<Record<string, (view: RecordView) => Example>> = {
  "text-classification": () => text("I love transformers!"),
  "token-classification": () => text("My name is Sarah and I live in London."),
  "question-answering": () => ({
    inputs: [
      ["question", "Where does Sarah live?"],
      ["context", "My name is Sarah and I live in London."],
    ],
    args: "question, context",
  }),
  "fill-mask": (view) => text(`The goal of life is ${view.record.mask_token ?? "[MASK]"}.`),
  summarization: () =>
    text("The tower is 324 metres tall, about the same height as an 81-storey building, and the tallest structure in Paris.", "text, { max_new_tokens: 60 }"),
  translation: () => text("Hello, how are you?"),
  "text2text-generation": () => text("Translate English to German: How old are you?"),
  // A model with a chat template is sent messages, which the pipeline formats with it; its answer is the last one.
  "text-generation": (view) =>
    hasChatTemplate(view)
      ? { inputs: [["messages", chatMessages(view)]], args: "messages, { max_new_tokens: 50 }", logs: "output[0].generated_text.at(-1).content" }
      : text("Once upon a time,", "text, { max_new_tokens: 50 }"),
  "zero-shot-classification": () =>
    withLabels(text("I have a problem with my iphone that needs to be resolved asap!"), ["urgent", "not urgent", "phone", "computer"]),
  "feature-extraction": () => text("This is a simple test.", 'text, { pooling: "mean", normalize: true }'),
  "sentence-similarity": () => text("This is a simple test.", 'text, { pooling: "mean", normalize: true }'),
  "image-classification": () => image(),
  "image-segmentation": () => image(),
  "object-detection": () => image(),
  "image-to-text": () => image(),
  "depth-estimation": () => image(),
  "image-feature-extraction": () => image(),
  "image-to-image": () => image(),
  "zero-shot-image-classification": () => withLabels(image(), ["cats", "dogs", "birds"]),
  "zero-shot-object-detection": () => withLabels(image(), ["a cat", "a remote control"]),
  "document-question-answering": () => ({
    inputs: [
      ["image", `${docs}/invoice.png`],
      ["question", "What is the invoice number?"],
    ],
    args: "image, question",
  }),
  "automatic-speech-recognition": () => audio(),
  "audio-classification": () => audio(),
  "zero-shot-audio-classification": () => withLabels(audio(), ["speech", "music", "dog barking"]),
  "text-to-speech": () => text("Hello, my dog is cute."),
  "text-to-audio": () => text("Hello, my dog is cute."),
};

/** The pipeline name for a tag: the tag itself, except sentence similarity, which embeds with feature extraction. */
const pipelineName = (tag: string) => (tag === "sentence-similarity" ? "feature-extraction" : tag);

function jsSnippet(content: string, reader?: Reader): LibrarySnippet {
  // A reader's package comes with the registry row's (which this snippet's install line then replaces).
  if (!reader) return { language: "js", content };
  return { language: "js", content, install: installCommand("npm", [...(installOfLibrary("transformers.js")?.npm ?? []), reader.npm]) };
}

/*
 * The model types TextToAudioPipeline loads (@huggingface/transformers 4.3.1: the MODEL_CLASS_MAPPINGS of
 * AutoModelForTextToWaveform and AutoModelForTextToSpectrogram), which test/snippets/transformers-js-models.test.ts
 * holds to the installed package; a text-to-speech repository of another type is refused by pipeline().
 */
export const textToAudioModelTypes: ReadonlySet<string> = new Set(["vits", "musicgen", "supertonic", "speecht5"]);
const textToAudioTasks: ReadonlySet<string> = new Set(["text-to-speech", "text-to-audio"]);

/** Kokoro (StyleTTS 2) repositories in ONNX: kokoro-js loads them with its own phonemizer and voice styles. */
const kokoroJs: LibraryGenerator = (view) => [
  {
    language: "js",
    content: `import { KokoroTTS } from "kokoro-js";

// @huggingface/transformers has no text-to-speech pipeline for this model type: kokoro-js runs it
${jsCall("const tts = await KokoroTTS.from_pretrained(", [view.id])}

${jsAssignment("const text =", "Hello! This voice was made on your own computer.", ";")}
const audio = await tts.generate(text, { voice: ${jsLiteral("af_heart")} });
await audio.save(${jsLiteral("audio.wav")});
console.log(${jsLiteral("Saved audio.wav")});`,
    install: installCommand("npm", ["kokoro-js"]),
  },
];

/** Packages that run a text-to-speech model type the pipeline refuses, by config.model_type. */
const textToAudioRunners: Readonly<Record<string, LibraryGenerator>> = { style_text_to_speech_2: kokoroJs };

/** The generator of another package, for a text-to-speech record whose model type the pipeline refuses. */
function otherRunnerOf(view: RecordView): LibraryGenerator | undefined {
  const type = configValue(view, "model_type");
  const refused = typeof type === "string" && textToAudioTasks.has(view.record.pipeline_tag ?? "") && !textToAudioModelTypes.has(type);
  return refused && Object.hasOwn(textToAudioRunners, type) ? textToAudioRunners[type] : undefined;
}

export const transformersJs: LibraryGenerator = (view) => {
  const runner = otherRunnerOf(view);
  if (runner) return runner(view);
  const tag = view.record.pipeline_tag;
  const example = tag !== undefined && Object.hasOwn(examples, tag) ? examples[tag]?.(view) : undefined;
  if (tag === undefined || example === undefined) {
    return [
      jsSnippet(`import { AutoModel } from "@huggingface/transformers";

${jsCall("const model = await AutoModel.from_pretrained(", [view.id])}
console.log(model.config);`),
    ];
  }
  const { reader } = example;
  const inputs = example.inputs.map(([name, value]) => jsAssignment(`const ${name} =`, value, ";"));
  const imports = ['import { pipeline } from "@huggingface/transformers";', ...(reader ? [reader.imports] : [])];
  return [
    jsSnippet(
      `${imports.join("\n")}

${jsCall("const pipe = await pipeline(", [pipelineName(tag), view.id])}

${[...inputs, ...(reader ? [reader.code] : [])].join("\n")}
const output = await pipe(${example.args});
console.log(${example.logs ?? "output"});`,
      reader,
    ),
  ];
};
