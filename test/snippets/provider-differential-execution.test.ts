import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, beforeAll } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { type InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { recordFor } from "../helpers/corpus.js";
import { problemsOf, rawExecutionSuite, report, runtimeMissing, SUITE_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { rawClientNames, type RawClient } from "../helpers/raw-clients.js";
import type { PoolOutcome } from "../helpers/recorder-pool.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * The raw HTTP snippets (curl, requests, fetch) of issue 32's mapping variants run unchanged against the recorder,
 * as execution-providers.test.ts runs the plain ones: LoRA adapters on fal (fal-ai/flux-lora, and fal-ai/lora with
 * its base model), versioned Replicate ids, a Replicate LoRA and a WaveSpeed LoRA, through the router (with a bill-to)
 * and directly.
 * Besides the run's own checks (one POST as the request description says, the queue followed, the media saved),
 * each recorded body is held to what @huggingface/inference sends for the mapping, written out here.
 */

const fixture = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/issue32-wire/${name}.json`, import.meta.url), "utf8")));

const fluxLora = fixture("flux-midjourney-mix2-lora");
const sdxlLora = fixture("pixel-art-xl-sdxl-lora");
const kokoro = fixture("kokoro-82m-replicate-version");
const sdxl = fixture("sdxl-base-replicate-version");
/** Through the router every run bills an organisation (X-HF-Bill-To, which the run's checks hold it to). */
const billTo = "acme-org";
const version = (record: ModelRecord) => JSON.stringify(record.inferenceProviderMapping).match(/:([0-9a-f]{64})"/)?.[1];

const replicateLora = recordFor("text-to-image", {
  id: "acme/replicate-flux-lora",
  inferenceProviderMapping: {
    replicate: {
      providerId: "black-forest-labs/flux-dev-lora",
      status: "live",
      task: "text-to-image",
      adapter: "lora",
      adapterWeightsPath: "lora.safetensors",
    },
  },
});
const wavespeedLora = recordFor("text-to-image", {
  id: "acme/wavespeed-flux-lora",
  inferenceProviderMapping: {
    wavespeed: { providerId: "wavespeed-ai/flux-dev-lora", status: "live", task: "text-to-image", adapter: "lora", adapterWeightsPath: "lora.safetensors" },
  },
});

/** Quotes, substitutions and curl's form syntax: the weights' file name and a version enter the bodies as literals. */
const hostile = `@x;type=text/plain <y '"$(touch PWNED)\`touch PWNED\`\${HF_TOKEN}\\ é`;
const hostileLora = recordFor("text-to-image", {
  id: "acme/hostile-lora",
  inferenceProviderMapping: {
    "fal-ai": { providerId: "fal-ai/flux-lora", status: "live", task: "text-to-image", adapter: "lora", adapterWeightsPath: `${hostile}.safetensors` },
  },
});
const hostileVersion = recordFor("text-to-image", {
  id: "acme/hostile-version",
  inferenceProviderMapping: { replicate: { providerId: `acme/model:${hostile}`, status: "live", task: "text-to-image" } },
});

interface Variant {
  name: string;
  record: ModelRecord;
  options: InferenceSnippetOptions;
  /** The POST's path on the recorder (a direct call's origin is pointed at it), and what its body must hold. */
  path: string;
  body: (body: Record<string, unknown>) => unknown;
  expected: unknown;
}

const falLoras = (record: ModelRecord, file: string) => [{ path: `https://huggingface.co/${record.id}/resolve/main/${file}`, scale: 1 }];
const input = (body: Record<string, unknown>) => (body.input ?? {}) as Record<string, unknown>;

const variants: Variant[] = [
  {
    name: "fal LoRA (router)",
    record: fluxLora,
    options: { provider: "fal-ai", billTo },
    path: "/fal-ai/fal-ai/flux-lora?_subdomain=queue",
    body: (b) => [b.loras, b.model_name],
    expected: [falLoras(fluxLora, "mjV6.safetensors"), undefined],
  },
  {
    name: "fal LoRA (direct)",
    record: fluxLora,
    options: { provider: "fal-ai", direct: true },
    path: "/fal-ai/flux-lora",
    body: (b) => [b.loras, b.model_name],
    expected: [falLoras(fluxLora, "mjV6.safetensors"), undefined],
  },
  {
    name: "fal-ai/lora with its base model (router)",
    record: sdxlLora,
    options: { provider: "fal-ai", billTo },
    path: "/fal-ai/fal-ai/lora?_subdomain=queue",
    body: (b) => [b.loras, b.model_name],
    expected: [falLoras(sdxlLora, "pixel-art-xl.safetensors"), "stabilityai/stable-diffusion-xl-base-1.0"],
  },
  {
    name: "versioned Replicate TTS (router)",
    record: kokoro,
    options: { provider: "replicate", billTo },
    path: "/replicate/v1/predictions",
    body: (b) => [b.version, input(b).text !== undefined],
    expected: [version(kokoro), true],
  },
  {
    name: "versioned Replicate TTS (direct)",
    record: kokoro,
    options: { provider: "replicate", direct: true },
    path: "/v1/predictions",
    body: (b) => [b.version, input(b).text !== undefined],
    expected: [version(kokoro), true],
  },
  {
    name: "versioned Replicate image (router)",
    record: sdxl,
    options: { provider: "replicate", billTo },
    path: "/replicate/v1/predictions",
    body: (b) => [b.version, typeof input(b).prompt],
    expected: [version(sdxl), "string"],
  },
  {
    name: "versioned Replicate image (direct)",
    record: sdxl,
    options: { provider: "replicate", direct: true },
    path: "/v1/predictions",
    body: (b) => [b.version, typeof input(b).prompt],
    expected: [version(sdxl), "string"],
  },
  {
    name: "Replicate LoRA (router)",
    record: replicateLora,
    options: { provider: "replicate", billTo },
    path: "/replicate/v1/models/black-forest-labs/flux-dev-lora/predictions",
    body: (b) => input(b).lora_weights,
    expected: "https://huggingface.co/acme/replicate-flux-lora",
  },
  {
    name: "a weights file name of quotes and substitutions, sent exactly (router)",
    record: hostileLora,
    options: { provider: "fal-ai", billTo },
    path: "/fal-ai/fal-ai/flux-lora?_subdomain=queue",
    body: (b) => b.loras,
    expected: falLoras(hostileLora, `${hostile}.safetensors`),
  },
  {
    name: "a version of quotes and substitutions, sent exactly (direct)",
    record: hostileVersion,
    options: { provider: "replicate", direct: true },
    path: "/v1/predictions",
    body: (b) => b.version,
    expected: hostile,
  },
  {
    name: "WaveSpeed LoRA (router)",
    record: wavespeedLora,
    options: { provider: "wavespeed", billTo },
    path: "/wavespeed/api/v3/wavespeed-ai/flux-dev-lora",
    body: (b) => b.loras,
    expected: [{ path: "acme/wavespeed-flux-lora", scale: 1 }],
  },
];

function caseOf(variant: Variant, client: RawClient): Case {
  const request = buildInferenceRequest(variant.record, variant.options);
  const snippet = getInferenceSnippets(variant.record, variant.options).find((item) => item.client === client);
  if (!request || !snippet) throw new Error(`${variant.name}: no ${client} snippet`);
  return { client, request, options: variant.options, snippet };
}

const suite = rawExecutionSuite("issue 32 mapping-variant raw snippets");

describe("the raw snippets of LoRA adapters and versioned Replicate ids run against the recorder", () => {
  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const cases = variants.map((variant) => caseOf(variant, client));
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await suite.runCases(cases);
        suite.executed[client] += outcomes.filter((outcome) => outcome.ok).length;
      }, SUITE_TIMEOUT_MS);

      variants.forEach((variant, index) => {
        it(variant.name, () => {
          const c = cases[index] as Case;
          const outcome = outcomes[index];
          const { problems, recorded, body } = problemsOf(c, outcome);
          if (outcome?.ok && existsSync(join(outcome.run.dir, "PWNED"))) problems.push("a value of the mapping ran a command (PWNED was created)");
          expect(problems, report(c, outcome, problems)).toEqual([]);
          expect(recorded?.path, `${variant.name}: the POST's path`).toBe(variant.path);
          expect(variant.body((body ?? {}) as Record<string, unknown>), `${variant.name}: the adapter or version in the body`).toEqual(variant.expected);
        });
      });
    });
  }
});
