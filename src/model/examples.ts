import type { ModelRecord } from "./record.js";
import { asDataValue, isDataObject, type DataValue } from "../values/data-value.js";
import { inferenceTasks, type FileKind, type InferenceKind } from "../catalogue/inference-kinds.js";

/**
 * The example a snippet sends, as plain values: the model's own widget example when it fits the task,
 * otherwise the task's default. Clients turn it into code through the literal writers, never as raw text.
 */
export type Example =
  | { shape: "text"; text: string }
  | { shape: "question"; question: string; context: string }
  | { shape: "labels"; text: string; candidateLabels: string[] }
  | { shape: "sentences"; sourceSentence: string; sentences: string[] }
  | { shape: "table"; query: string; table: { [column: string]: DataValue } }
  | { shape: "tabular"; data: { [column: string]: DataValue } }
  | { shape: "file"; file: FileKind }
  | { shape: "file-question"; file: FileKind; question: string }
  | { shape: "file-labels"; file: FileKind; candidateLabels: string[] }
  | { shape: "file-prompt"; file: FileKind; prompt: string }
  | { shape: "chat"; messages: DataValue[] };

const candidateLabels = ["refund", "legal", "faq"];

const defaultTexts: Partial<Record<InferenceKind, string>> = {
  "feature-extraction": "Offline tools keep working when the network does not.",
  "text-classification": "The update fixed every crash I had, and the app feels twice as fast.",
  "token-classification": "Grace Hopper joined the Navy and later worked on compilers in Philadelphia.",
  summarization:
    "The city council met on Tuesday to discuss the new cycling lanes. After two hours of debate, members agreed to build three lanes by next summer, paid for by the transport budget, and to review traffic data after six months.",
  translation: "The library opens at nine on weekdays.",
  "text-generation": "A good commit message explains",
  "text-to-image": "An astronaut riding a horse through a dense green jungle, soft morning light",
  "text-to-speech": "Your order has shipped and should arrive on Thursday.",
  "text-to-audio": "A calm piano melody with rain in the background",
  "text-to-video": "A paper boat drifting down a rainy street, filmed from above",
};

/** A public picture (dice on a transparent background) for vision chat examples. */
export const exampleImageUrl = "https://upload.wikimedia.org/wikipedia/commons/4/47/PNG_transparency_demonstration_1.png";

const defaultMaskSentence = (mask: string) => `Paris is the ${mask} of France.`;

function widgetExample(model: ModelRecord): Record<string, unknown> | undefined {
  return model.widgetData?.[0];
}

function nonBlank(value: string | null | undefined): string | undefined {
  return value !== null && value !== undefined && value.trim() !== "" ? value : undefined;
}

function stringField(entry: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = entry?.[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function stringList(entry: Record<string, unknown> | undefined, key: string): string[] | undefined {
  const value = entry?.[key];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) return value;
  // The Hub writes candidate labels as one comma-separated string.
  if (typeof value === "string") {
    const labels = value
      .split(",")
      .map((label) => label.trim())
      .filter(Boolean);
    if (labels.length > 0) return labels;
  }
  return undefined;
}

function plainObject(entry: Record<string, unknown> | undefined, key: string): { [column: string]: DataValue } | undefined {
  const value = asDataValue(entry?.[key]);
  return value !== undefined && isDataObject(value) ? value : undefined;
}

function chatMessages(model: ModelRecord, withImage: boolean): DataValue[] {
  const widget = widgetExample(model);
  const messages = asDataValue(widget?.messages);
  if (Array.isArray(messages) && messages.length > 0) return messages;
  if (withImage) {
    const text = stringField(widget, "text") ?? "Describe this image in one sentence.";
    return [
      {
        role: "user",
        content: [
          { type: "text", text },
          { type: "image_url", image_url: { url: exampleImageUrl } },
        ],
      },
    ];
  }
  return [{ role: "user", content: stringField(widget, "text") ?? "What is the capital of France?" }];
}

/** The text a local embedding call embeds, and the query and documents a local ranking call orders (fixed texts). */
export const embeddingText = "The quick brown fox jumps over the lazy dog.";
export const rankingTexts = {
  query: "What is a panda?",
  documents: ["The giant panda is a bear native to south central China.", "Paris is the capital of France."],
};

/** A table question: the widget's question and table, else a small table of cities and a question about it. */
export function tableQuestionExample(model: ModelRecord): { query: string; table: { [column: string]: DataValue } } {
  const widget = widgetExample(model);
  return {
    query: stringField(widget, "text") ?? "Which city has the most bridges?",
    table: plainObject(widget, "table") ?? { City: ["Venice", "Hamburg", "Pittsburgh"], Bridges: ["400", "2500", "446"] },
  };
}

/** The example for a model and task, or undefined when the task has none. */
export function exampleFor(model: ModelRecord, kind: InferenceKind): Example | undefined {
  const widget = widgetExample(model);
  const text = stringField(widget, "text");
  const file = inferenceTasks[kind].file ?? "image";
  switch (kind) {
    case "conversational":
      return { shape: "chat", messages: chatMessages(model, false) };
    case "conversational-vision":
      return { shape: "chat", messages: chatMessages(model, true) };
    case "fill-mask":
      return { shape: "text", text: text ?? defaultMaskSentence(model.mask_token ?? "[MASK]") };
    case "text-to-image":
      return { shape: "text", text: text ?? nonBlank(model.cardData?.instance_prompt) ?? (defaultTexts[kind] as string) };
    case "question-answering":
      return {
        shape: "question",
        question: text ?? "Where does the night train stop first?",
        context: stringField(widget, "context") ?? "The night train leaves Vienna at ten, stops first in Salzburg and reaches Zurich by morning.",
      };
    case "zero-shot-classification":
      return {
        shape: "labels",
        text: text ?? "I was charged twice this month and would like my money back.",
        candidateLabels: stringList(widget, "candidate_labels") ?? candidateLabels,
      };
    case "sentence-similarity":
      return {
        shape: "sentences",
        sourceSentence: stringField(widget, "source_sentence") ?? "The meeting moved to Friday.",
        sentences: stringList(widget, "sentences") ?? ["The meeting is now on Friday.", "Friday is a public holiday.", "We ate lunch together."],
      };
    case "table-question-answering":
      return { shape: "table", ...tableQuestionExample(model) };
    case "tabular-classification":
    case "tabular-regression":
      return {
        shape: "tabular",
        data: plainObject(widget, "structuredData") ?? { rooms: ["3", "5"], area_m2: ["72", "140"], year_built: ["1998", "2015"] },
      };
    case "document-question-answering":
      return { shape: "file-question", file, question: text ?? "What is the invoice total?" };
    case "visual-question-answering":
      return { shape: "file-question", file, question: text ?? "How many people are in the picture?" };
    case "zero-shot-image-classification":
      return { shape: "file-labels", file, candidateLabels: stringList(widget, "candidate_labels") ?? ["cat", "dog", "bird"] };
    case "image-to-image":
    case "image-text-to-image":
      return { shape: "file-prompt", file, prompt: text ?? "Turn the photo into a pencil sketch" };
    case "image-to-video":
    case "image-text-to-video":
      return { shape: "file-prompt", file, prompt: text ?? "The clouds drift slowly across the sky" };
    default: {
      if (inferenceTasks[kind].request === "file") return { shape: "file", file };
      const fallback = defaultTexts[kind];
      return (text ?? fallback) ? { shape: "text", text: (text ?? fallback) as string } : undefined;
    }
  }
}

/** Local sample files the snippets read. */
export const sampleFiles: Record<FileKind, { name: string; contentType: string }> = {
  audio: { name: "sample.flac", contentType: "audio/flac" },
  image: { name: "image.jpg", contentType: "image/jpeg" },
};
