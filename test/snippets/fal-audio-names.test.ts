import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/snippets/inference/snippets.js";
import { buildInferenceRequest, type InferenceSnippetOptions } from "../../src/snippets/inference/request.js";
import type { InferenceKind } from "../../src/snippets/inference/tasks.js";
import { recordFor } from "../helpers/corpus.js";
import { falJobCompletes, falQueueMedia, falQueueResponder, type FalQueueScript } from "../helpers/fal-queue.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { jobFor, runtimeMissing, RUN_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { rawClientNames } from "../helpers/raw-clients.js";

/*
 * fal's audio comes in the format the model writes: the raw queue snippets name the file they save from the media's
 * content type, else from its URL's extension, else `.bin`. Each case serves the media one way and expects one name.
 */

interface NamingCase {
  name: string;
  kind: InferenceKind;
  options: InferenceSnippetOptions;
  media: NonNullable<FalQueueScript["media"]>;
  saved: string;
}

const router = { provider: "fal-ai" };
const direct = { provider: "fal-ai", direct: true };

const namings: NamingCase[] = [
  { name: "audio/mpeg", kind: "text-to-audio", options: router, media: { contentType: "audio/mpeg" }, saved: "output.mp3" },
  { name: "audio/wav", kind: "text-to-audio", options: router, media: { contentType: "audio/wav" }, saved: "output.wav" },
  { name: "audio/x-wav with a parameter", kind: "text-to-audio", options: router, media: { contentType: "audio/x-wav; codecs=1" }, saved: "output.wav" },
  { name: "audio/flac in capitals", kind: "text-to-audio", options: router, media: { contentType: "Audio/FLAC" }, saved: "output.flac" },
  { name: "the type over the URL", kind: "text-to-audio", options: router, media: { contentType: "audio/ogg", fileName: "speech.wav" }, saved: "output.ogg" },
  { name: "an untyped answer: the URL's extension", kind: "text-to-audio", options: router, media: { contentType: "application/octet-stream", fileName: "speech.MP3" }, saved: "output.mp3" },
  { name: "the URL's extension before its query", kind: "text-to-audio", options: router, media: { contentType: "binary/octet-stream", fileName: "clip.m4a?sig=a.b" }, saved: "output.m4a" },
  { name: "neither a known type nor extension", kind: "text-to-audio", options: router, media: { contentType: "application/octet-stream", fileName: "speech.data" }, saved: "output.bin" },
  { name: "audio-to-audio directly, audio/mpeg", kind: "audio-to-audio", options: direct, media: { contentType: "audio/mpeg" }, saved: "output.mp3" },
];

const cases = rawClientNames.flatMap((client) =>
  namings.map((naming) => {
    const record = recordFor(naming.kind);
    const request = buildInferenceRequest(record, naming.options);
    const snippet = getInferenceSnippets(record, naming.options).find((candidate) => candidate.client === client);
    if (!request || !snippet) throw new Error(`no ${client} snippet for fal's ${naming.kind}`);
    const c: Case = { client, request, options: naming.options, snippet };
    return { client, naming, job: { ...jobFor(c), responder: falQueueResponder(request, { ...falJobCompletes, media: naming.media }) } };
  }),
);

describe("raw fal queue snippets name saved audio from the answer", () => {
  const outcomes = runBeforeTests(cases);

  cases.forEach((c, index) => {
    it.skipIf(runtimeMissing(c.client))(`${c.client}: ${c.naming.name} → ${c.naming.saved}`, () => {
      const outcome = outcomes()[index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.error ?? "never run"}`);
      const { run } = outcome;
      expect(run.timedOut, `timed out after ${RUN_TIMEOUT_MS} ms`).toBe(false);
      expect(run.code, run.stderr).toBe(0);
      const path = join(run.dir, c.naming.saved);
      expect(existsSync(path), `${c.naming.saved} written; the run dir holds ${readdirSync(run.dir).join(", ")}`).toBe(true);
      expect(readFileSync(path).equals(falQueueMedia)).toBe(true);
      // One output file, the one named, and nothing left half-written.
      expect(readdirSync(run.dir).filter((file) => file.startsWith("output"))).toEqual([c.naming.saved]);
      expect(run.stdout).toContain(c.naming.saved);
    });
  });
});
