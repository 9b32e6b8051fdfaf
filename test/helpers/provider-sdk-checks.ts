import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getProvider, providerTaskOf } from "../../src/catalogue/providers.js";
import { outputFileOf } from "../../src/inference/body.js";
import { type InferenceRequest } from "../../src/inference/request.js";
import { recordFor, type CorpusEntry } from "./corpus.js";
import type { RecordedRequest } from "./recorder.js";
import type { PoolOutcome } from "./recorder-pool.js";
import { sampleFiles } from "./run-snippet.js";
import { mediaOutputOf, providerAnswerMarker, providerModelId } from "./sdk-responder.js";
import { buildInferenceRequest } from "./record-twins.js";

/*
 * What a provider's SDK snippet must have done against the recorder, for both languages' SDK tests
 * (provider-sdk.test.ts, provider-sdk-python.test.ts): one inference POST to the provider's route, the right
 * authorization, the example in the body, and the answer printed or its media saved. Where an SDK differs on
 * purpose, its test passes the difference in (`SdkDifferences`), with why.
 */

export const HF_TOKEN = "hf_test_token";
export const PROVIDER_KEY = "provider_test_key";

export const providerOf = (entry: CorpusEntry) => entry.optionSet.split(":")[1] as string;
export const isDirect = (entry: CorpusEntry) => entry.optionSet.startsWith("direct:");

/** Where an SDK differs from our raw clients on purpose. */
export interface SdkDifferences {
  /** The path the SDK posts to for this call, where it is not ours. */
  route?(entry: CorpusEntry): string | undefined;
  /** Whether the file the snippet wrote holds the media of the answer (default: byte for byte). */
  sameMedia?(request: InferenceRequest, written: Buffer, entry: CorpusEntry): boolean;
  /** The text that shows the snippet printed the answer (default: the responder's marker). */
  marker?(entry: CorpusEntry): string | undefined;
}

const redirected = (url: string) => {
  const parsed = new URL(url);
  return `/__host/${parsed.host}${parsed.pathname}${parsed.search}`;
};

/** The request our raw clients describe for the same call, on a record carrying the mapping the fake Hub answers. */
function mappedRequest(entry: CorpusEntry): InferenceRequest | undefined {
  const provider = providerOf(entry);
  const record = recordFor(entry.kind, {
    inferenceProviderMapping: { [provider]: { providerId: providerModelId(entry.kind, provider), status: "live", task: providerTaskOf(entry.kind) } },
  });
  return buildInferenceRequest(record, entry.options);
}

/** Where the one inference request must go; a trailing `*` means a prefix (routes only the SDK knows). */
function expectedTarget(entry: CorpusEntry, differences: SdkDifferences): string {
  const differs = differences.route?.(entry);
  if (differs) return differs;
  const provider = getProvider(providerOf(entry))!;
  const chat = entry.kind.startsWith("conversational");
  const ours = mappedRequest(entry);
  if (chat && !isDirect(entry)) {
    // The OpenAI client uses the router's OpenAI-compatible route; the Hub SDKs the provider's route under the router.
    return entry.snippet.client === "openai"
      ? "/__host/router.huggingface.co/v1/chat/completions"
      : `/__host/router.huggingface.co/${provider.id}${provider.chatPath}`;
  }
  if (ours?.url) return redirected(ours.url);
  // SDK-only routes (multipart uploads, per-model bodies): at least the provider's own prefix.
  return isDirect(entry) ? `${redirected(provider.directBaseUrl).replace(/\/$/, "")}*` : `/__host/router.huggingface.co/${provider.id}/*`;
}

function expectedAuthorization(entry: CorpusEntry): string {
  if (!isDirect(entry)) return `Bearer ${HF_TOKEN}`;
  return `${mappedRequest(entry)?.call?.authScheme ?? getProvider(providerOf(entry))?.authScheme ?? "Bearer"} ${PROVIDER_KEY}`;
}

const isHubApi = (sent: RecordedRequest) => sent.method === "GET" && sent.path.startsWith("/__host/huggingface.co/api/");

/** Everything wrong with one run of a provider SDK snippet; empty when it did what it should. */
export function sdkProblems(entry: CorpusEntry, outcome: PoolOutcome | undefined, differences: SdkDifferences = {}): string[] {
  if (!outcome) return ["was never run"];
  if (!outcome.ok) return [`could not run: ${outcome.error}`];
  const problems: string[] = [];
  if (outcome.run.code !== 0) problems.push(`exit ${outcome.run.code}: ${outcome.run.stderr.trim().split("\n").slice(0, 6).join(" | ").slice(0, 600)}`);
  const posts = outcome.requests.filter((sent) => sent.method === "POST");
  const others = outcome.requests.filter((sent) => sent.method !== "POST" && !isHubApi(sent));
  // GETs are status polls (under the provider's route) and media downloads (the links of the answer).
  const strays = others.filter(
    (sent) =>
      sent.method !== "GET" ||
      sent.path.startsWith("/__host/huggingface.co/") ||
      (sent.path.startsWith("/__host/router.huggingface.co/") && !sent.path.startsWith(`/__host/router.huggingface.co/${providerOf(entry)}/`)),
  );
  if (strays.length > 0) problems.push(`unexpected requests: ${strays.map((sent) => `${sent.method} ${sent.path}`).join(", ")}`);
  if (posts.length !== 1) return [...problems, `expected one inference POST, saw ${posts.map((sent) => sent.path).join(", ") || "none"}`];
  const sent = posts[0] as RecordedRequest;
  const target = expectedTarget(entry, differences);
  const pathOk = target.endsWith("*") ? sent.path.startsWith(target.slice(0, -1)) : sent.path === target;
  if (!pathOk) problems.push(`POST ${sent.path}, expected ${target}`);
  if (sent.headers.authorization !== expectedAuthorization(entry))
    problems.push(`authorization ${JSON.stringify(sent.headers.authorization)}, expected ${JSON.stringify(expectedAuthorization(entry))}`);
  problems.push(...bodyProblems(entry, sent), ...outputProblems(entry, outcome, differences));
  return problems;
}

/** The example travels: the prompt or text as is, chat messages exactly, files byte for byte (raw, base64 or multipart). */
function bodyProblems(entry: CorpusEntry, sent: RecordedRequest): string[] {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
  const example = request.example;
  const text = sent.body.toString("utf8");
  const problems: string[] = [];
  if ("file" in example) {
    const sample = sampleFiles[example.file === "audio" ? "sample.flac" : "image.jpg"]!;
    if (!sent.body.includes(sample) && !text.includes(sample.toString("base64"))) problems.push("the sample file is not in the body");
  }
  if (example.shape === "chat") {
    const body = JSON.parse(text) as { model?: string; messages?: unknown; stream?: boolean };
    if (JSON.stringify(body.messages) !== JSON.stringify(example.messages)) problems.push(`messages ${JSON.stringify(body.messages)} differ from the example`);
    // The OpenAI client sends the model the snippet names; the Hub SDKs the provider's id from the mapping (but for
    // OpenAI, which it calls without asking the Hub: the snippet's `openai/<id>` without the prefix).
    const model = entry.snippet.client === "openai" || providerOf(entry) === "openai" ? request.chatModel : providerModelId(entry.kind, providerOf(entry));
    if (body.model !== model) problems.push(`model ${JSON.stringify(body.model)}, expected ${JSON.stringify(model)}`);
  }
  if (example.shape === "text" && !text.includes(JSON.stringify(example.text))) problems.push(`the text ${JSON.stringify(example.text)} is not in the body`);
  if (example.shape === "file-prompt" && !text.includes(JSON.stringify(example.prompt)))
    problems.push(`the prompt ${JSON.stringify(example.prompt)} is not in the body`);
  return problems;
}

function outputProblems(entry: CorpusEntry, outcome: PoolOutcome & { ok: true }, differences: SdkDifferences): string[] {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
  const output = outputFileOf(request);
  if (output) {
    const path = join(outcome.run.dir, output);
    if (!existsSync(path)) return [`did not write ${output}`];
    const written = readFileSync(path);
    const same = differences.sameMedia ? differences.sameMedia(request, written, entry) : written.equals(mediaOutputOf(entry.kind));
    return same ? [] : [`${output} does not hold the media the answer linked`];
  }
  const marker = entry.kind.startsWith("conversational") ? "Hello world" : (differences.marker?.(entry) ?? providerAnswerMarker(entry.kind));
  return marker && outcome.run.stdout.includes(marker)
    ? []
    : [`printed ${JSON.stringify(outcome.run.stdout.slice(0, 300))}, which does not show the answer's ${JSON.stringify(marker)}`];
}
