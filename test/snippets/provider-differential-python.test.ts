import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { rawHeaders } from "../../src/inference/raw-headers.js";
import { type InferenceRequest, type InferenceSnippetOptions } from "../../src/inference/request.js";
import { runProcess } from "../helpers/async-process.js";
import { recordFor } from "../helpers/corpus.js";
import { withHubModelApi } from "../helpers/hub-mapping-responder.js";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type RecordedRequest, type Recorder } from "../helpers/recorder.js";
import { sampleFiles } from "../helpers/run-snippet.js";
import { ourSide, sdksDiffer } from "../helpers/wire-differential.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * A sample of the wire differential held to the real huggingface_hub (.venv) as well: the package calls the same
 * Hub model with the same provider, its HTTP client sent to the recorder (./python-redirect), which answers the Hub's
 * model API with the record's mapping. The POST it makes is compared with our raw snippets' request: URL, bill-to,
 * authorization, and body. Where huggingface_hub differs from @huggingface/inference (whom we follow), the
 * difference must be exactly the one `sdksDiffer` names (test/helpers/wire-differential.ts).
 */

const available = venvHas(["huggingface_hub"]);
const hfToken = "hf_test_token";
const providerKey = "provider_test_key";
const billTo = "acme-org";

const fixture = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/issue32-wire/${name}.json`, import.meta.url), "utf8")));

interface Sample {
  name: string;
  record: ModelRecord;
  options: InferenceSnippetOptions;
  /** huggingface_hub's method and arguments besides the model (the image's path is filled in). */
  call: "text_to_image" | "text_to_speech" | "image_to_image";
  /** Where huggingface_hub's request differs from ours (and @huggingface/inference's): `sdksDiffer`'s entry, and the body's key paths or `url`. */
  differs?: { why: keyof typeof sdksDiffer; at: string[] };
}

const loraOf = (provider: string, task: string, providerId: string) =>
  recordFor(task as "text-to-image", {
    id: `acme/${provider}-${task}-lora`,
    inferenceProviderMapping: { [provider]: { providerId, status: "live", task, adapter: "lora", adapterWeightsPath: "lora.safetensors" } },
  });

const falSync = { why: "fal-ai text-to-image route", at: ["url"] };

const samples: Sample[] = [
  {
    name: "fal LoRA, fal-ai/flux-lora (router)",
    record: fixture("flux-midjourney-mix2-lora"),
    options: { provider: "fal-ai", billTo },
    call: "text_to_image",
    differs: falSync,
  },
  {
    name: "fal LoRA, fal-ai/flux-lora (direct)",
    record: fixture("flux-midjourney-mix2-lora"),
    options: { provider: "fal-ai", direct: true },
    call: "text_to_image",
    differs: falSync,
  },
  {
    name: "fal-ai/lora with its base model (router)",
    record: fixture("pixel-art-xl-sdxl-lora"),
    options: { provider: "fal-ai", billTo },
    call: "text_to_image",
    differs: falSync,
  },
  {
    name: "versioned Replicate TTS (router)",
    record: fixture("kokoro-82m-replicate-version"),
    options: { provider: "replicate", billTo },
    call: "text_to_speech",
  },
  {
    name: "versioned Replicate TTS (direct)",
    record: fixture("kokoro-82m-replicate-version"),
    options: { provider: "replicate", direct: true },
    call: "text_to_speech",
  },
  {
    name: "versioned Replicate image (router)",
    record: fixture("sdxl-base-replicate-version"),
    options: { provider: "replicate", billTo },
    call: "text_to_image",
  },
  {
    name: "Replicate LoRA text-to-image (router)",
    record: loraOf("replicate", "text-to-image", "black-forest-labs/flux-dev-lora"),
    options: { provider: "replicate", billTo },
    call: "text_to_image",
  },
  {
    name: "Replicate LoRA image-to-image (router)",
    record: loraOf("replicate", "image-to-image", "black-forest-labs/flux-kontext-dev-lora"),
    options: { provider: "replicate", billTo },
    call: "image_to_image",
    differs: { why: "replicate image-to-image lora", at: [".input.lora_weights"] },
  },
  {
    name: "WaveSpeed LoRA (router)",
    record: loraOf("wavespeed", "text-to-image", "wavespeed-ai/flux-dev-lora"),
    options: { provider: "wavespeed", billTo },
    call: "text_to_image",
    differs: { why: "wavespeed lora", at: [".loras"] },
  },
];

/** The one call, with the example our request sends; errors after the POST (the recorder is no provider) are expected. */
const script = `
import json, sys
from huggingface_hub import InferenceClient
provider, model, call, key, bill_to, text, image = sys.argv[1:8]
client = InferenceClient(provider=provider, api_key=key, bill_to=bill_to or None)
try:
    if call == "image_to_image":
        client.image_to_image(image, prompt=text, model=model)
    else:
        getattr(client, call)(text, model=model)
except Exception as error:
    print(type(error).__name__, str(error)[:300], file=sys.stderr)
`;

/** The key paths at which two JSON values differ. */
function differingPaths(mine: unknown, theirs: unknown, path = ""): string[] {
  if (isDeepStrictEqual(mine, theirs)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
  if (!isObject(mine) || !isObject(theirs)) return [path || "."];
  return [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].flatMap((key) => differingPaths(mine[key], theirs[key], `${path}.${key}`));
}

function textOf(request: InferenceRequest): string {
  const example = request.example;
  return example.shape === "text" ? example.text : example.shape === "file-prompt" ? example.prompt : "";
}

let recorder: Recorder | undefined;
let record: ModelRecord | undefined;
let dir = "";
const sent: (RecordedRequest | undefined)[] = [];
const stderrs: string[] = [];

describe.skipIf(!available)("a sample of the wire differential against the real huggingface_hub", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hub-snippets-wire-python-"));
    const image = join(dir, "image.jpg");
    writeFileSync(image, sampleFiles["image.jpg"] as Buffer);
    recorder = await startRecorder((request) =>
      withHubModelApi(record as unknown as Record<string, unknown>, () => ({ status: 500, body: "recorder: not a provider\n" }))(request),
    );
    for (const sample of samples) {
      record = sample.record;
      recorder.reset();
      const request = buildInferenceRequest(sample.record, sample.options) as InferenceRequest;
      const key = sample.options.direct ? providerKey : hfToken;
      const run = await runProcess(
        venvPython,
        ["-c", script, sample.options.provider as string, sample.record.id, sample.call, key, sample.options.billTo ?? "", textOf(request), image],
        {
          env: { PYTHONPATH: pythonRedirect, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, HF_HOME: join(dir, "hf-home"), HF_HUB_DISABLE_TELEMETRY: "1" },
          timeoutMs: 60_000,
        },
      );
      stderrs.push(run.stderr);
      sent.push(recorder.requests.find((item) => item.method === "POST"));
    }
  }, 300_000);

  afterAll(async () => {
    await recorder?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  samples.forEach((sample, index) => {
    it(sample.name, () => {
      const post = sent[index];
      expect(post, `huggingface_hub sent no POST:\n${stderrs[index]}`).toBeDefined();
      const request = buildInferenceRequest(sample.record, sample.options) as InferenceRequest;
      const ours = ourSide(request);
      const theirs = JSON.parse(post?.body.toString("utf8") || "null") as unknown;
      const found = differingPaths(ours.body, theirs);
      if (ours.target !== post?.path) found.unshift("url");
      expect(sample.differs === undefined || sdksDiffer[sample.differs.why] !== undefined).toBe(true);
      expect(
        found,
        `${sample.name}${sample.differs ? ` (${sdksDiffer[sample.differs.why]})` : ""}: ours ${ours.target} ${JSON.stringify(ours.body).slice(0, 400)}\ntheirs ${post?.path} ${JSON.stringify(theirs).slice(0, 400)}`,
      ).toEqual(sample.differs?.at ?? []);
      const { scheme, headers } = rawHeaders(request);
      expect(post?.headers.authorization).toBe(`${scheme} ${sample.options.direct ? providerKey : hfToken}`);
      expect(post?.headers["x-hf-bill-to"]).toBe(sample.options.billTo);
      if (headers["Prefer"]) expect(post?.headers.prefer).toBe(headers["Prefer"]);
    });
  });
});
