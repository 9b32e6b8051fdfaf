import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { type InferenceSnippetOptions } from "../../src/inference/request.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { recordFor } from "../helpers/corpus.js";
import { falJobCompletes, falQueueMedia, falQueueResponder, type FalQueueScript } from "../helpers/fal-queue.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { jobFor, runtimeMissing, RUN_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { rawClientNames } from "../helpers/raw-clients.js";
import { binaryOutput, binaryResponderOf, encodedImageResponderOf } from "../helpers/recorder.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * The raw snippets name the file they save from what the answer says: the content type of the media (fal's queue:
 * the download, or the `data:` URL of an inline result; elsewhere the answer itself), else the extension of the
 * media's URL (fal's links), else `.bin`; an image the JSON answer holds as base64 text (OpenAI's images shape:
 * Together, Nscale, DeepInfra), from its first bytes. Each case serves the media one way and expects one name.
 */

interface NamingCase {
  name: string;
  kind: InferenceKind;
  options: InferenceSnippetOptions;
  /** fal's queue, serving its media this way; a binary answer of this content type; or JSON holding these bytes as base64. */
  answer: { fal: NonNullable<FalQueueScript["media"]> } | { contentType: string } | { encoded: Buffer; escapeSlashes?: boolean };
  saved: string;
}

const fal = { provider: "fal-ai" };
const falDirect = { provider: "fal-ai", direct: true };
const queued = (contentType: string, more: { fileName?: string; key?: string } = {}) => ({ fal: { contentType, ...more } });

const falNamings: NamingCase[] = [
  { name: "audio/mpeg", kind: "text-to-audio", options: fal, answer: queued("audio/mpeg"), saved: "output.mp3" },
  { name: "audio/wav", kind: "text-to-audio", options: fal, answer: queued("audio/wav"), saved: "output.wav" },
  { name: "audio/x-wav with a parameter", kind: "text-to-audio", options: fal, answer: queued("audio/x-wav; codecs=1"), saved: "output.wav" },
  { name: "audio/flac in capitals", kind: "text-to-audio", options: fal, answer: queued("Audio/FLAC"), saved: "output.flac" },
  { name: "the type over the URL", kind: "text-to-audio", options: fal, answer: queued("audio/ogg", { fileName: "speech.wav" }), saved: "output.ogg" },
  {
    name: "an untyped answer: the URL's extension",
    kind: "text-to-audio",
    options: fal,
    answer: queued("application/octet-stream", { fileName: "speech.MP3" }),
    saved: "output.mp3",
  },
  {
    name: "the URL's extension before its query",
    kind: "text-to-audio",
    options: fal,
    answer: queued("binary/octet-stream", { fileName: "clip.m4a?sig=a.b" }),
    saved: "output.m4a",
  },
  {
    name: "neither a known type nor extension",
    kind: "text-to-audio",
    options: fal,
    answer: queued("application/octet-stream", { fileName: "speech.data" }),
    saved: "output.bin",
  },
  { name: "the audio under audio_file", kind: "text-to-audio", options: fal, answer: queued("audio/mpeg", { key: "audio_file" }), saved: "output.mp3" },
  { name: "audio-to-audio directly, audio/mpeg", kind: "audio-to-audio", options: falDirect, answer: queued("audio/mpeg"), saved: "output.mp3" },
  { name: "image/jpeg", kind: "text-to-image", options: fal, answer: queued("image/jpeg"), saved: "output.jpg" },
  { name: "image/webp directly", kind: "text-to-image", options: falDirect, answer: queued("image/webp"), saved: "output.webp" },
  { name: "image/png", kind: "image-to-image", options: fal, answer: queued("image/png"), saved: "output.png" },
  { name: "image/gif", kind: "image-to-image", options: fal, answer: queued("image/gif"), saved: "output.gif" },
  {
    name: "an untyped image: the URL's extension",
    kind: "text-to-image",
    options: fal,
    answer: queued("application/octet-stream", { fileName: "image.JPG" }),
    saved: "output.jpg",
  },
  {
    name: "an image with an audio extension",
    kind: "text-to-image",
    options: fal,
    answer: queued("application/octet-stream", { fileName: "image.mp3" }),
    saved: "output.bin",
  },
  { name: "an inline image/webp data: URL", kind: "image-segmentation", options: fal, answer: queued("image/webp"), saved: "output.webp" },
  { name: "video/webm", kind: "text-to-video", options: fal, answer: queued("video/webm"), saved: "output.webm" },
  { name: "video/mp4", kind: "image-to-video", options: falDirect, answer: queued("video/mp4"), saved: "output.mp4" },
];

const binaryNamings: NamingCase[] = [
  {
    name: "Together's speech, audio/mpeg",
    kind: "text-to-speech",
    options: { provider: "together" },
    answer: { contentType: "audio/mpeg" },
    saved: "output.mp3",
  },
  {
    name: "DeepInfra's speech directly, audio/wav",
    kind: "text-to-speech",
    options: { provider: "deepinfra", direct: true },
    answer: { contentType: "audio/wav" },
    saved: "output.wav",
  },
  { name: "hf-inference speech, audio/flac", kind: "text-to-speech", options: {}, answer: { contentType: "audio/flac" }, saved: "output.flac" },
  {
    name: "hf-inference audio, audio/ogg with a parameter",
    kind: "text-to-audio",
    options: {},
    answer: { contentType: "audio/ogg; codecs=opus" },
    saved: "output.ogg",
  },
  { name: "hf-inference image, image/jpeg", kind: "text-to-image", options: {}, answer: { contentType: "image/jpeg" }, saved: "output.jpg" },
  { name: "hf-inference image-to-image, image/webp", kind: "image-to-image", options: {}, answer: { contentType: "image/webp" }, saved: "output.webp" },
  { name: "an untyped answer", kind: "text-to-speech", options: {}, answer: { contentType: "application/octet-stream" }, saved: "output.bin" },
];

/** Bytes that start as a file of this format does (its signature), then some more. */
const startingAs = (hex: string) => Buffer.concat([Buffer.from(hex, "hex"), Buffer.from("rest of the file")]);
const png = startingAs("89504e470d0a1a0a0000000d49484452");
// A JPEG's first bytes make base64 text with slashes (`/9j/4`): the escaped case reads them back.
const jpeg = startingAs("ffd8ffe000104a464946");
const gif = startingAs("474946383961");
const webp = startingAs("52494646240000005745425056503820");
const wave = startingAs("52494646240000005741564566");

const encodedNamings: NamingCase[] = [
  { name: "Together's base64 PNG", kind: "text-to-image", options: { provider: "together" }, answer: { encoded: png }, saved: "output.png" },
  { name: "Together's base64 JPEG", kind: "text-to-image", options: { provider: "together" }, answer: { encoded: jpeg }, saved: "output.jpg" },
  {
    name: "Together's image-to-image, base64 WebP",
    kind: "image-to-image",
    options: { provider: "together" },
    answer: { encoded: webp },
    saved: "output.webp",
  },
  { name: "Nscale's base64 GIF", kind: "text-to-image", options: { provider: "nscale" }, answer: { encoded: gif }, saved: "output.gif" },
  {
    name: "DeepInfra directly, a JPEG with escaped slashes",
    kind: "text-to-image",
    options: { provider: "deepinfra", direct: true },
    answer: { encoded: jpeg, escapeSlashes: true },
    saved: "output.jpg",
  },
  { name: "a RIFF that is not WebP", kind: "text-to-image", options: { provider: "nscale" }, answer: { encoded: wave }, saved: "output.bin" },
  { name: "bytes of no known format", kind: "text-to-image", options: { provider: "together" }, answer: { encoded: binaryOutput }, saved: "output.bin" },
];

const answerOf = (request: Parameters<typeof falQueueResponder>[0], answer: NamingCase["answer"]) => {
  if ("fal" in answer) return { responder: falQueueResponder(request, { ...falJobCompletes, media: answer.fal }), bytes: falQueueMedia };
  if ("encoded" in answer) return { responder: encodedImageResponderOf(answer.encoded, answer.escapeSlashes), bytes: answer.encoded };
  return { responder: binaryResponderOf(answer.contentType), bytes: binaryOutput };
};

const cases = rawClientNames.flatMap((client) =>
  [...falNamings, ...binaryNamings, ...encodedNamings].map((naming) => {
    const record = recordFor(naming.kind);
    const request = buildInferenceRequest(record, naming.options);
    const snippet = getInferenceSnippets(record, naming.options).find((candidate) => candidate.client === client);
    if (!request || !snippet) throw new Error(`no ${client} snippet for ${naming.kind} (${JSON.stringify(naming.options)})`);
    const c: Case = { client, request, options: naming.options, snippet };
    const { responder, bytes } = answerOf(request, naming.answer);
    return { client, naming, bytes, job: { ...jobFor(c), responder } };
  }),
);

describe("raw snippets name the media they save from the answer", () => {
  const outcomes = runBeforeTests(cases);

  cases.forEach((c, index) => {
    it.skipIf(runtimeMissing(c.client))(`${c.client}: ${c.naming.kind}, ${c.naming.name} → ${c.naming.saved}`, () => {
      const outcome = outcomes()[index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.error ?? "never run"}`);
      const { run } = outcome;
      expect(run.timedOut, `timed out after ${RUN_TIMEOUT_MS} ms`).toBe(false);
      expect(run.code, run.stderr).toBe(0);
      const path = join(run.dir, c.naming.saved);
      expect(existsSync(path), `${c.naming.saved} written; the run dir holds ${readdirSync(run.dir).join(", ")}`).toBe(true);
      expect(readFileSync(path).equals(c.bytes)).toBe(true);
      // One output file, the one named, and nothing left half-written.
      expect(readdirSync(run.dir).filter((file) => file.startsWith("output"))).toEqual([c.naming.saved]);
      expect(run.stdout).toContain(`saved ${c.naming.saved}`);
    });
  });
});
