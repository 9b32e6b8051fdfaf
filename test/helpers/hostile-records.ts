import fc from "fast-check";
import type { InferenceSnippetOptions } from "../../src/inference/request.js";
import { inferenceKinds, type InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { hostileString } from "./arbitrary.js";
import { taggingOf } from "./corpus.js";

/*
 * Generators of hostile model records and options for the property tests: every field that reaches a snippet
 * carries arbitrary text, and an independent description of where that text must arrive in the request body.
 */

/** Named hostile texts that every executed client must carry as data (PWNED_MARKER: what a break-out creates). */
export const hostileStrings: [label: string, text: string][] = [
  ["quotes and backslashes", `it's "quoted" \\ back\\slash`],
  ["trailing backslash", "ends in a backslash \\"],
  ["command substitution", "$(touch PWNED_MARKER)"],
  ["backticks", "`touch PWNED_MARKER`"],
  ["template literal", "${process.exit(3)}"],
  ["python f-string braces", "{__import__('os').system('touch PWNED_MARKER')}"],
  ["triple quotes", `"""'''`],
  ["line breaks", "one\ntwo\r\nthree\u2028four\u2029five"],
  ["control characters", "nul\u0000 bell\u0007 tab\t esc\u001b[31m bom\ufeff"],
  ["terminal escapes", "osc52\u001b]52;c;cHduZWQ=\u0007 clear\u001b[2J c1\u009b31m bs\b cr\r del\u007f st\u009c"],
  ["jinja syntax", "{{ 7*7 }} {% raw %}"],
  ["printf directives", "100% %s %d %n %%"],
  ["unicode", "é 漢字 😀"],
  ["lone surrogate", "half \ud800 pair"],
  ["shell quote break-out", "'; touch PWNED_MARKER; echo '"],
];

/** The file every injection payload tries to create in the snippet's working directory. */
export const PWNED_FILE = "PWNED";

/** Texts that create PWNED_FILE if a snippet ever runs them as shell, JavaScript or Python code. */
export const injectionPayloads: readonly string[] = [
  "$(touch PWNED)",
  "`touch PWNED`",
  "'; touch PWNED; '",
  '"; touch PWNED; "',
  "'\\''; touch PWNED; '\\''",
  "${require('fs').writeFileSync('PWNED','')}",
  "`+require('fs').writeFileSync('PWNED','')+`",
  "\"+require('fs').writeFileSync('PWNED','')+\"",
  "');require('fs').writeFileSync('PWNED','');('",
  "{__import__('os').system('touch PWNED')}",
  '"""+__import__(\'os\').system(\'touch PWNED\')+"""',
  "'+__import__('os').system('touch PWNED')+'",
  "\\'; touch PWNED; #",
  "\ntouch PWNED\n",
];

/** Payloads that can also stand in an HTTP header (no line breaks). */
const headerPayloads = injectionPayloads.filter((payload) => !/[\r\n]/.test(payload));

/** Hostile text: the shared hostile strings, any UTF-16 units, and injection payloads, often mixed. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: fc.string({ unit: "binary" }), weight: 2 },
  { arbitrary: fc.constantFrom(...injectionPayloads), weight: 3 },
  {
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...injectionPayloads), hostileString, fc.string({ unit: "binary", maxLength: 6 })), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join("")),
    weight: 3,
  },
);

const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index));

/**
 * Hostile text that an HTTP header can still carry (printable ASCII, no surrounding spaces): HTTP itself
 * cannot send a line break or a NUL in a header, so only these values can be checked end to end.
 */
export const headerSafeText: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.constantFrom(...headerPayloads), weight: 2 },
    { arbitrary: fc.string({ unit: fc.constantFrom(...printableAscii), minLength: 1, maxLength: 24 }), weight: 2 },
    {
      arbitrary: fc
        .array(fc.oneof(fc.constantFrom(...headerPayloads), fc.string({ unit: fc.constantFrom(...printableAscii), maxLength: 6 })), {
          minLength: 1,
          maxLength: 3,
        })
        .map((parts) => parts.join("")),
      weight: 2,
    },
  )
  .filter((text) => text !== "" && text.trim() === text);

/** Values of the wrong type where the generators expect text: they must be ignored, never crash anything. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
);

const sometimesOdd = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary, weight: 8 }, { arbitrary: oddValue, weight: 1 });

/** Candidate labels and sentences: an array of strings, or the Hub's one comma-separated string. */
const textList: fc.Arbitrary<string[] | string> = fc.oneof(
  fc.array(hostileText, { minLength: 1, maxLength: 4 }),
  fc.array(hostileText, { minLength: 1, maxLength: 4 }).map((items) => items.join(", ")),
  hostileText,
);

const cell: fc.Arbitrary<unknown> = fc.oneof({ arbitrary: hostileText, weight: 6 }, fc.integer(), fc.boolean(), fc.constant(null));

/** A table or structured-data object: hostile column names, columns of hostile cells. */
const table: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(hostileText, fc.oneof({ arbitrary: fc.array(cell, { maxLength: 4 }), weight: 3 }, cell), {
  maxKeys: 4,
});

const messageContent: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 3 },
  fc.array(fc.record({ type: fc.constant("text"), text: hostileText }), { minLength: 1, maxLength: 2 }),
);

const messages: fc.Arbitrary<unknown[]> = fc.array(
  fc.record({ role: fc.oneof({ arbitrary: fc.constantFrom("user", "assistant", "system"), weight: 3 }, hostileText), content: messageContent }),
  { maxLength: 3 },
);

/** One widget example holding every field a generator reads, each hostile (any of them may be absent). */
export const hostileWidget: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    text: sometimesOdd(hostileText),
    context: sometimesOdd(hostileText),
    candidate_labels: sometimesOdd(textList),
    source_sentence: sometimesOdd(hostileText),
    sentences: sometimesOdd(textList),
    table: sometimesOdd(table),
    structuredData: sometimesOdd(table),
    messages: sometimesOdd(messages),
  },
  { requiredKeys: [] },
);

const idPart = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,14}$/);
const modelId: fc.Arbitrary<string> = fc.oneof(
  idPart,
  fc.tuple(idPart, idPart).map(([owner, name]) => `${owner}/${name}`),
);

export interface HostileCase {
  kind: InferenceKind;
  /** The record as plain JSON data: the tests serialise it and read it back with parseModelRecord. */
  record: Record<string, unknown>;
  options: InferenceSnippetOptions;
}

/** The prefix of every hostile endpoint URL (runSnippet rewrites the router origin to the recorder). */
export const endpointBase = "https://router.huggingface.co/endpoint/";

export interface HostileOptionTexts {
  /** Text for the token and bill-to options (they travel in HTTP headers). */
  header: fc.Arbitrary<string>;
  /** Text appended to endpointBase as the endpoint URL's path. */
  endpointPath: fc.Arbitrary<string>;
}

const isHeaderText = (text: string) => !/[\u0000-\u001f\u007f]/.test(text) && text.isWellFormed();

export const fullyHostileOptions: HostileOptionTexts = { header: hostileText, endpointPath: hostileText };

export function hostileOptions(texts: HostileOptionTexts = fullyHostileOptions): fc.Arbitrary<InferenceSnippetOptions> {
  return fc
    .record(
      {
        provider: fc.constantFrom("hf-inference", "auto"),
        stream: fc.boolean(),
        // Header values with control characters and endpoints with a query or fragment are refused as usage
        // errors (the pinned tests prove it); the properties explore everything else.
        billTo: texts.header.filter(isHeaderText),
        token: texts.header.filter(isHeaderText),
        endpointUrl: texts.endpointPath
          .map((path) => `${endpointBase}${path}`)
          .filter((url) => URL.canParse(url) && !url.includes("?") && !url.includes("#") && !/%(?![0-9A-Fa-f]{2})/.test(new URL(url).href)),
      },
      { requiredKeys: [] },
    )
    .map((options) => Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as InferenceSnippetOptions);
}

/** A hostile record of any inference kind, with hostile options. */
export function hostileCase(texts: HostileOptionTexts = fullyHostileOptions): fc.Arbitrary<HostileCase> {
  return fc
    .record({
      kind: fc.constantFrom(...inferenceKinds),
      id: modelId,
      widgetData: fc.option(fc.array(hostileWidget, { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 6 }),
      mask_token: fc.option(hostileText, { nil: undefined }),
      instance_prompt: fc.option(fc.oneof({ arbitrary: hostileText, weight: 5 }, fc.constant(null)), { nil: undefined }),
      options: hostileOptions(texts),
    })
    .map(({ kind, id, widgetData, mask_token, instance_prompt, options }) => {
      const record: Record<string, unknown> = { id, ...taggingOf(kind) };
      if (widgetData !== undefined) record.widgetData = widgetData;
      if (mask_token !== undefined) record.mask_token = mask_token;
      if (instance_prompt !== undefined) record.cardData = { instance_prompt };
      // Through JSON, as a record file would be: plain prototypes, no -0, no undefined.
      return { kind, record: JSON.parse(JSON.stringify(record)) as Record<string, unknown>, options };
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Where the hostile text must arrive: written from the record format, not from the generators' code.

export type BodyPath = (string | number)[];

export interface Placement {
  /** Where in the JSON body. */
  path: BodyPath;
  /** "equal": the value there deep-equals `expected`; "contains": it is a string containing `expected`. */
  mode: "equal" | "contains";
  expected: unknown;
  /** Which record field the value came from, for failure messages. */
  from: string;
}

/** A widget string the Hub shows: present and not blank. */
function usableText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Labels or sentences: a non-empty array of strings as given, or the comma-separated form split and trimmed. */
function usableList(value: unknown): string[] | undefined {
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")) return value as string[];
  if (typeof value === "string" && value.trim() !== "") {
    const items = value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    return items.length > 0 ? items : undefined;
  }
  return undefined;
}

function usableObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Everything of the record's hostile text that must reach the JSON body of a raw HTTP request, and where. */
export function placementsOf(kind: InferenceKind, record: Record<string, unknown>): Placement[] {
  const widget = Array.isArray(record.widgetData) ? usableObject(record.widgetData[0]) : undefined;
  const text = usableText(widget?.text);
  const placements: Placement[] = [];
  const put = (path: BodyPath, expected: unknown, from: string, mode: Placement["mode"] = "equal") => {
    if (expected !== undefined) placements.push({ path, expected, from, mode });
  };
  const givenMessages = Array.isArray(widget?.messages) && widget.messages.length > 0 ? widget.messages : undefined;

  switch (kind) {
    case "conversational":
      put(
        ["messages"],
        givenMessages ?? (text === undefined ? undefined : [{ role: "user", content: text }]),
        givenMessages ? "widgetData[0].messages" : "widgetData[0].text",
      );
      break;
    case "conversational-vision":
      if (givenMessages) put(["messages"], givenMessages, "widgetData[0].messages");
      else put(["messages", 0, "content", 0, "text"], text, "widgetData[0].text");
      break;
    case "fill-mask":
      if (text !== undefined) put(["inputs"], text, "widgetData[0].text");
      else if (typeof record.mask_token === "string") put(["inputs"], record.mask_token, "mask_token", "contains");
      break;
    case "text-to-image": {
      const cardData = usableObject(record.cardData);
      put(["inputs"], text ?? usableText(cardData?.instance_prompt), text === undefined ? "cardData.instance_prompt" : "widgetData[0].text");
      break;
    }
    case "question-answering":
      put(["inputs", "question"], text, "widgetData[0].text");
      put(["inputs", "context"], usableText(widget?.context), "widgetData[0].context");
      break;
    case "zero-shot-classification":
      put(["inputs"], text, "widgetData[0].text");
      put(["parameters", "candidate_labels"], usableList(widget?.candidate_labels), "widgetData[0].candidate_labels");
      break;
    case "zero-shot-image-classification":
      put(["parameters", "candidate_labels"], usableList(widget?.candidate_labels), "widgetData[0].candidate_labels");
      break;
    case "sentence-similarity":
      put(["inputs", "source_sentence"], usableText(widget?.source_sentence), "widgetData[0].source_sentence");
      put(["inputs", "sentences"], usableList(widget?.sentences), "widgetData[0].sentences");
      break;
    case "table-question-answering":
      put(["inputs", "query"], text, "widgetData[0].text");
      put(["inputs", "table"], usableObject(widget?.table), "widgetData[0].table");
      break;
    case "tabular-classification":
    case "tabular-regression":
      put(["inputs", "data"], usableObject(widget?.structuredData), "widgetData[0].structuredData");
      break;
    case "document-question-answering":
    case "visual-question-answering":
      put(["inputs", "question"], text, "widgetData[0].text");
      break;
    case "image-to-image":
    case "image-text-to-image":
    case "image-to-video":
    case "image-text-to-video":
      put(["parameters", "prompt"], text, "widgetData[0].text");
      break;
    case "audio-classification":
    case "audio-to-audio":
    case "automatic-speech-recognition":
    case "image-classification":
    case "image-segmentation":
    case "image-to-text":
    case "object-detection":
      // The body is the sample file: no widget text travels.
      break;
    default:
      put(["inputs"], text, "widgetData[0].text");
  }
  return placements;
}

export function valueAtPath(value: unknown, path: BodyPath): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Short JSON for failure messages. */
export function clipJson(value: unknown, max = 400): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
