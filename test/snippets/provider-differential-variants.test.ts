import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { listProviders, providerTaskOf } from "../../src/catalogue/providers.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { rawHeaders } from "../../src/inference/raw-headers.js";
import { type InferenceRequest } from "../../src/inference/request.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { recordFor } from "../helpers/corpus.js";
import { boundaryOf, formProblems, parseMultipart } from "../helpers/multipart.js";
import { expectedForm } from "../helpers/raw-execution.js";
import type { RecordedRequest } from "../helpers/recorder.js";
import {
  hfToken,
  ourSide,
  pairLabel,
  providerKey,
  providerModelId,
  providerPairs,
  sdkFetchRedirect,
  sdkRequest,
  sdksDiffer,
  type Pair,
} from "../helpers/wire-differential.js";
import { buildInferenceRequest, withTaskFromMapping } from "../helpers/record-twins.js";

/*
 * The wire differential over the provider matrix: for every provider × task of data/providers.json, both ways
 * (router, direct), with a bill-to, and with mapping entries in each shape the Hub writes (the variants below), the
 * request our raw HTTP snippets send (curl, requests, fetch: one request description, which
 * provider-differential-execution.test.ts runs) is compared field by field with the one the real
 * @huggingface/inference sends for the same Hub model: method, URL, headers, and body (a form's parts included).
 * The SDK is always answered the mapping in the model API's object shape, as the Hub answers it.
 */

const billTo = "acme-org";
const weights = "lora-weights.safetensors";
const replicateVersion = "5599ed30703defd1d160a25a63321b4dec97101d98b4674bcc56e41f62f35637";

/**
 * Where our request differs from the SDK's on purpose: the field's case key, and why (one line each). Last, where
 * the two SDKs differ from each other and which one we follow (`sdksDiffer`, which provider-differential-python
 * holds huggingface_hub to).
 */
const deliberate: Record<string, string> = {
  "router chat url": "the router's OpenAI-compatible route reads the provider from `<id>:<provider>`, so any OpenAI client can make the call",
  "router chat body": "the same route: `model` is `<Hub id>:<provider>`, which the router maps",
  "groq text-generation body": "the SDK posts `inputs` to Groq's chat-completions route, which reads `messages`: we send the prompt as a message",
  "novita text-generation body": "the SDK posts `inputs` to Novita's chat-completions route, which reads `messages`: we send the prompt as a message",
  "together text-generation body": "completions APIs read `prompt`; the SDK also copies it into `inputs`, which they ignore",
  "scaleway text-generation body": "completions APIs read `prompt`; the SDK also copies it into `inputs`, which they ignore",
  "fal-ai audio body": "the SDK refuses FLAC blobs for fal (it is given WAV here), so the data URL's media type differs; fal reads both",
  "form file name": "a form upload names its file part after the file the snippet reads (the SDK: `audio.<extension>`); the extension is the same",
  "bill-to direct":
    "X-HF-Bill-To bills a Hub organisation through the router: our CLI refuses --bill-to with --direct (the SDK would send the header to the provider, which does not read it), so direct cases are compared without it",
  "zai-org x-source-channel":
    "both SDKs tag their Z.ai calls `x-source-channel: hugging_face`, Z.ai's count of traffic from Hugging Face's SDKs; our snippets are the user's own code and do not claim that channel (not verified against Z.ai: see the report of issue 32)",
  ...sdksDiffer,
};

interface Variant {
  name: string;
  applies: (pair: Pair) => boolean;
  /** The pair's mapping entry in this variant, and any other entries before it. */
  mapping: (pair: Pair) => { before?: Record<string, Record<string, string>>; entry: Record<string, string> };
  /** The record gives its mapping in the model list's array shape (the SDK is still answered the object). */
  arrayShape?: boolean;
  /**
   * The record's own tagging when it is not the pair's: chat or completion whatever the provider serves, or none
   * (a record fetched with only `?expand[]=inferenceProviderMapping`, whose first entry gives the task).
   */
  recordAs?: (pair: Pair) => InferenceKind | "expand-only";
}

const entryOf = (pair: Pair, extra: Record<string, string> = {}) => ({
  providerId: providerModelId(pair),
  status: "live",
  task: providerTaskOf(pair.kind),
  ...extra,
});
const lora = { adapter: "lora", adapterWeightsPath: weights };
const isChatSide = (pair: Pair) => pair.kind === "conversational" || pair.kind === "text-generation";

/** A provider other than the pair's that serves the other side of chat and completion, listed first. */
function otherSide(pair: Pair): Record<string, Record<string, string>> {
  const task = pair.kind === "conversational" ? "text-generation" : "conversational";
  const other = listProviders().find((provider) => provider.id !== pair.provider.id && provider.id !== "hf-inference" && provider.tasks.includes(task));
  if (!other) throw new Error(`no provider serves ${task}`);
  return { [other.id]: { providerId: `other-org/${task}-served`, status: "live", task } };
}

const variants: Variant[] = [
  { name: "plain", applies: () => true, mapping: (pair) => ({ entry: entryOf(pair) }) },
  { name: "lora", applies: () => true, mapping: (pair) => ({ entry: entryOf(pair, lora) }) },
  {
    name: "lora, array shape",
    applies: (pair) => ["fal-ai", "replicate", "wavespeed"].includes(pair.provider.id),
    mapping: (pair) => ({ entry: entryOf(pair, lora) }),
    arrayShape: true,
  },
  {
    name: "adapter other than lora",
    applies: (pair) => ["fal-ai", "replicate", "wavespeed"].includes(pair.provider.id),
    mapping: (pair) => ({ entry: entryOf(pair, { adapter: "textual-inversion", adapterWeightsPath: "embedding.safetensors" }) }),
  },
  {
    name: "replicate version",
    applies: (pair) => pair.provider.id === "replicate",
    mapping: (pair) => ({ entry: entryOf(pair, { providerId: `${providerModelId(pair)}:${replicateVersion}` }) }),
  },
  {
    name: "replicate version + lora",
    applies: (pair) => pair.provider.id === "replicate",
    mapping: (pair) => ({ entry: entryOf(pair, { providerId: `${providerModelId(pair)}:${replicateVersion}`, ...lora }) }),
  },
  {
    name: "fal-ai/lora",
    applies: (pair) => pair.provider.id === "fal-ai",
    mapping: (pair) => ({ entry: entryOf(pair, { providerId: "fal-ai/lora", ...lora }) }),
  },
  { name: "chat beside completion", applies: isChatSide, mapping: (pair) => ({ before: otherSide(pair), entry: entryOf(pair) }) },
  {
    name: "chat beside completion, the record tagged the other way",
    applies: isChatSide,
    mapping: (pair) => ({ before: otherSide(pair), entry: entryOf(pair) }),
    recordAs: (pair) => (pair.kind === "conversational" ? "text-generation" : "conversational"),
  },
  {
    name: "chat beside completion, expand-only record",
    applies: isChatSide,
    mapping: (pair) => ({ before: otherSide(pair), entry: entryOf(pair) }),
    recordAs: () => "expand-only",
  },
];

interface WireCase {
  pair: Pair;
  variant: Variant;
  record: ModelRecord;
  /** The mapping as the Hub's model API answers it (object shape). */
  modelApiMapping: Record<string, unknown>;
}

const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, "-");

function caseOf(pair: Pair, variant: Variant): WireCase {
  const { before = {}, entry } = variant.mapping(pair);
  const mapping = { ...before, [pair.provider.id]: entry };
  // OpenAI's SDK route names the model after the Hub id (its `openai/` dropped), not the mapping: the two agree.
  const id =
    pair.provider.id === "openai"
      ? `openai/${providerModelId(pair)}`
      : `acme/${pair.provider.id}-${pair.kind}-${slug(variant.name)}-${pair.direct ? "d" : "r"}`;
  const recordMapping = variant.arrayShape ? Object.entries(mapping).map(([provider, value]) => ({ provider, ...value })) : mapping;
  const inferenceProviderMapping = recordMapping as ModelRecord["inferenceProviderMapping"];
  const recordAs = variant.recordAs?.(pair) ?? pair.kind;
  // An expand-only record holds `_id`, `id` and the mapping; the CLI takes its task from the mapping's first live entry.
  const record =
    recordAs === "expand-only"
      ? withTaskFromMapping(ModelRecordSchema.parse({ _id: "0", id, inferenceProviderMapping }))
      : recordFor(recordAs, { id, inferenceProviderMapping });
  return { pair, variant, record, modelApiMapping: mapping };
}

const cases: WireCase[] = variants.flatMap((variant) =>
  providerPairs()
    .filter(variant.applies)
    .map((pair) => caseOf(pair, variant)),
);
const caseLabel = (c: WireCase) => `${pairLabel(c.pair)} [${c.variant.name}]`;

/** Headers a fetch or HTTP stack adds on its own, and the SDK's User-Agent: not part of the call. */
const transportHeaders = new Set(["host", "connection", "content-length", "user-agent", "accept", "accept-encoding", "accept-language", "sec-fetch-mode"]);

function theirHeaders(sent: RecordedRequest, provider: string): Record<string, string> {
  // Deliberate: `zai-org x-source-channel`.
  const skipped = (name: string) => transportHeaders.has(name) || (provider === "zai-org" && name === "x-source-channel");
  const headers = Object.fromEntries(Object.entries(sent.headers).filter(([name]) => !skipped(name)));
  if (boundaryOf(headers["content-type"])) headers["content-type"] = "multipart/form-data";
  return headers;
}

/** The headers our raw snippets send (raw-execution.test.ts holds the snippets to them). */
function ourHeaders(request: InferenceRequest): Record<string, string> {
  const { scheme, headers } = rawHeaders(request);
  const contentType = request.wire.request === "multipart" ? "multipart/form-data" : "application/json";
  const extra = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { authorization: `${scheme} ${request.call?.direct ? providerKey : hfToken}`, "content-type": contentType, ...extra };
}

/** The fields of a body that the variants are about: adapters, base model, version. */
function adapterFields(body: unknown): Record<string, unknown> {
  const top = (body ?? {}) as Record<string, unknown>;
  const input = (top.input ?? {}) as Record<string, unknown>;
  return { loras: top.loras, model_name: top.model_name, version: top.version, lora_weights: input.lora_weights };
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** The key paths at which two JSON values differ, each with both sides. */
function jsonDifferences(mine: unknown, theirs: unknown, path = ""): string[] {
  if (isDeepStrictEqual(mine, theirs)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";
  if (!isObject(mine) || !isObject(theirs) || Array.isArray(mine) !== Array.isArray(theirs))
    return [`${path || "."}: ours ${show(mine)}, theirs ${show(theirs)}`];
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
  return keys.flatMap((key) => jsonDifferences(mine[key], theirs[key], `${path}.${key}`));
}

/** Every field in which our request differs from the SDK's, as `field: ours …, theirs …` (deliberate ones left out). */
function differencesOf(c: WireCase, ours: InferenceRequest, sent: RecordedRequest | undefined): string[] {
  if (!sent) return ["request: the SDK sent none"];
  if (!ours.url) return ["url: our raw snippets have none"];
  const found: string[] = [];
  const differ = (field: string, mine: unknown, theirs: unknown) => found.push(...jsonDifferences(mine, theirs).map((where) => `${field} ${where}`));
  const { pair } = c;
  const routerChat = ours.example.shape === "chat" && !pair.direct;
  const mine = ourSide(ours);
  differ("method", "POST", sent.method);
  if (routerChat) differ("url (deliberate: router chat url)", `/__host/router.huggingface.co/${pair.provider.id}${pair.provider.chatPath}`, sent.path);
  else differ("url", mine.target, sent.path);
  differ("headers", ourHeaders(ours), theirHeaders(sent, pair.provider.id));
  if (ours.wire.request === "multipart") {
    const expected = expectedForm(ours);
    const boundary = boundaryOf(sent.headers["content-type"]);
    const theirFile = boundary ? parseMultipart(sent.body, boundary).find((part) => part.name === expected.file.name) : undefined;
    // Deliberate: `form file name`; the extension must agree.
    differ("form file extension", expected.file.filename.split(".").pop(), theirFile?.filename?.split(".").pop());
    for (const problem of formProblems(sent.headers["content-type"], sent.body, {
      ...expected,
      file: { ...expected.file, filename: theirFile?.filename ?? "" },
    }))
      found.push(`form: ${problem}`);
    return found;
  }
  const theirs = JSON.parse(sent.body.toString("utf8") || "null") as unknown;
  const kindKey = `${pair.provider.id} ${pair.kind} body`;
  const audioKey = pair.provider.id === "fal-ai" && ours.spec.file === "audio" ? "fal-ai audio body" : undefined;
  if (routerChat) differ("body (but `model`, deliberate: router chat body)", { ...(mine.body as object), model: "" }, { ...(theirs as object), model: "" });
  else if (deliberate[kindKey] || audioKey) differ("body adapter fields", adapterFields(mine.body), adapterFields(theirs));
  else differ("body", mine.body, theirs);
  return found;
}

sdkFetchRedirect();

let compared = 0;
let differences = 0;
const adapterApplied = new Set<string>();

describe("wire differential: our raw HTTP requests against @huggingface/inference's, over the provider matrix and mapping variants", () => {
  afterAll(() => {
    console.log(`wire differential: ${compared} provider×task×variant cases, ${differences} differences from @huggingface/inference`);
  });

  it("covers every provider × task of the table in every variant that applies, both ways", () => {
    for (const variant of variants)
      expect(
        cases.some((c) => c.variant === variant),
        variant.name,
      ).toBe(true);
    const pairs = providerPairs();
    expect(cases.filter((c) => c.variant.name === "plain")).toHaveLength(pairs.length);
    expect(cases.filter((c) => c.variant.name === "lora")).toHaveLength(pairs.length);
  });

  for (const c of cases) {
    it(caseLabel(c), async () => {
      // Deliberate: `bill-to direct`.
      const billing = c.pair.direct ? {} : { billTo };
      const ours = buildInferenceRequest(c.record, { provider: c.pair.provider.id, direct: c.pair.direct, ...billing });
      expect(ours, "our request").toBeDefined();
      const request = ours as InferenceRequest;
      const sent = await sdkRequest(c.pair, request, { id: c.record.id, mapping: c.modelApiMapping }, billing);
      const found = differencesOf(c, request, sent);
      compared += 1;
      differences += found.length;
      if (c.variant.name === "lora" && sent && sent.body.includes(Buffer.from("lora"))) adapterApplied.add(`${c.pair.provider.id} ${c.pair.kind}`);
      expect(found, `${caseLabel(c)}:\n  ${found.join("\n  ")}`).toEqual([]);
    });
  }

  it("LoRA adapters: the SDK applies them on fal's and Replicate's image and video tasks and on WaveSpeed's; elsewhere it sends the base model's call, and so do we", () => {
    const applied = [...adapterApplied].sort();
    console.log(`LoRA adapter applied by @huggingface/inference (and by us) on ${applied.length} provider×task pairs: ${applied.join(", ")}`);
    expect(applied).toEqual(
      expect.arrayContaining([
        "fal-ai text-to-image",
        "fal-ai image-to-image",
        "fal-ai text-to-video",
        "replicate text-to-image",
        "replicate image-to-image",
        "wavespeed text-to-image",
      ]),
    );
  });

  it("a versioned Replicate id posts its version to /v1/predictions, through the router and directly", () => {
    const versioned = cases.filter((c) => c.variant.name === "replicate version");
    for (const c of versioned) {
      const request = buildInferenceRequest(c.record, { provider: "replicate", direct: c.pair.direct }) as InferenceRequest;
      expect(request.url, caseLabel(c)).toBe(
        c.pair.direct ? "https://api.replicate.com/v1/predictions" : "https://router.huggingface.co/replicate/v1/predictions",
      );
      expect(adapterFields(ourSide(request).body).version, caseLabel(c)).toBe(replicateVersion);
    }
    expect(versioned.length).toBe(10);
  });
});

describe("a provider listed once per task (the model list's array shape)", () => {
  // The SDKs read the model API's object, one entry per provider; the model list's array may name a provider for
  // chat and again for completion. Each request takes the entry of its own task (the provider's first otherwise).
  const mapping = [
    { provider: "together", providerId: "together-org/completion-served", status: "live", task: "text-generation" },
    { provider: "together", providerId: "together-org/chat-served", status: "live", task: "conversational" },
  ];

  it("chat names the conversational entry's model, completion the text-generation one", () => {
    const chat = buildInferenceRequest(recordFor("conversational", { id: "acme/twice-listed", inferenceProviderMapping: mapping }), {
      provider: "together",
      direct: true,
    });
    expect((ourSide(chat as InferenceRequest).body as { model: string }).model).toBe("together-org/chat-served");
    const completion = buildInferenceRequest(recordFor("text-generation", { id: "acme/twice-listed", inferenceProviderMapping: mapping }), {
      provider: "together",
      direct: true,
    });
    expect((ourSide(completion as InferenceRequest).body as { model: string }).model).toBe("together-org/completion-served");
  });
});
