import { describe, expect, it } from "vitest";
import { listProviderIds } from "../../src/catalogue/providers.js";
import { providerMappingOf } from "../../src/model/provider-mapping.js";
import { isSplitPart } from "../../src/model/gguf.js";
import { siblings } from "../../src/model/siblings.js";
import { readModelRecord } from "../../src/model/read.js";
import { deriveAnswer } from "../helpers/hub-record-rules.js";
import { checkFields, hubRecordExpectations, hubRecordFile, hubRecordNames, readHubRecord, readHubRecordJson } from "../helpers/hub-records.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * The corpus itself: records shaped as the Hub's model API sends them, covering every case the default `snippet`
 * answer must tell apart, and expectations that agree with the rules (test/helpers/hub-record-rules.ts) and with
 * what today's library and app generators make of each record.
 */

const names = hubRecordNames();
const expectations = hubRecordExpectations();
const known = new Set(listProviderIds());
const expandFields = ["_id", "id", "inferenceProviderMapping"];
/** The fields an `expand[]` answer may hold: those the CLI's help asks the Hub for. */
const expandable = new Set([
  "_id",
  "id",
  "inferenceProviderMapping",
  "pipeline_tag",
  "library_name",
  "tags",
  "config",
  "cardData",
  "widgetData",
  "transformersInfo",
  "mask_token",
  "siblings",
  "gguf",
  "gated",
  "private",
]);

type Json = Record<string, unknown>;
type Entry = Json & { provider: string };
const mappingOf = (json: Json) => json["inferenceProviderMapping"];
/** An `expand[]` answer: the Hub sends only the fields asked for, so no `modelId`. */
const isExpandAnswer = (json: Json) => !("modelId" in json);
/** The mapping's entries with every field the Hub sent (adapter, adapterWeightsPath), from either shape. */
function rawEntries(json: Json): Entry[] {
  const mapping = mappingOf(json);
  if (Array.isArray(mapping)) return mapping as Entry[];
  return Object.entries((mapping ?? {}) as Record<string, Json>).map(([provider, entry]) => ({ ...entry, provider }));
}
const loraOn = (json: Json, provider: string, providerId?: RegExp) =>
  rawEntries(json).some(
    (entry) =>
      entry.provider === provider &&
      entry["adapter"] === "lora" &&
      typeof entry["adapterWeightsPath"] === "string" &&
      (providerId === undefined || providerId.test(String(entry["providerId"]))),
  );
const versionedReplicate = (json: Json, task: string) =>
  rawEntries(json).some(
    (entry) => entry.provider === "replicate" && /^[\w-]+\/[\w.-]+:[0-9a-f]{64}$/.test(String(entry["providerId"])) && entry["task"] === task,
  );
const tagsOf = (json: Json) => (json["tags"] as string[] | undefined) ?? [];
function liveUnknownOnly(name: string): boolean {
  const live = providerMappingOf(readHubRecord(name)).filter((entry) => entry.status === "live");
  return live.length > 0 && live.every((entry) => !known.has(entry.provider));
}
const isChatTask = (name: string) => expectations[name]?.task?.startsWith("conversational") === true;
const statuses = (name: string) => providerMappingOf(readHubRecord(name)).map((entry) => entry.status);
const ggufFiles = (name: string) => siblings(readHubRecord(name)).filter((sibling) => sibling.file.endsWith(".gguf"));

/** Each case the corpus must hold at least one record of. */
const cases: Record<string, (json: Json, name: string) => boolean> = {
  "a chat model served by several live providers, hf-inference not among them, object shape": (json, name) =>
    json["tags"] !== undefined && !Array.isArray(mappingOf(json)) && chatServedWithoutHfInference(name),
  "the same in the model list's array shape": (json, name) => Array.isArray(mappingOf(json)) && chatServedWithoutHfInference(name),
  "a staging entry": (_json, name) => statuses(name).includes("staging"),
  "an error entry": (_json, name) => statuses(name).includes("error"),
  "a provider the table does not know": (_json, name) => providerMappingOf(readHubRecord(name)).some((entry) => !known.has(entry.provider)),
  "text-to-image served by fal-ai alone": (json, name) =>
    json["pipeline_tag"] === "text-to-image" &&
    providerMappingOf(readHubRecord(name))
      .map((entry) => entry.provider)
      .join() === "fal-ai",
  "an expand[] answer for chat": (json, name) => Object.keys(json).join() === expandFields.join() && expectations[name]?.task === "conversational",
  "an expand[] answer for text-to-image": (json, name) => Object.keys(json).join() === expandFields.join() && expectations[name]?.task === "text-to-image",
  "an expand[] answer with the task and library asked for too": (json) =>
    isExpandAnswer(json) && json["pipeline_tag"] !== undefined && json["library_name"] !== undefined,
  "a GGUF repository with its gguf block and sizes": (json, name) =>
    json["library_name"] === "gguf" && json["gguf"] !== undefined && ggufFiles(name).length > 3 && ggufFiles(name).every((file) => file.size !== undefined),
  "a GGUF repository without sizes": (json, name) =>
    json["library_name"] === "gguf" && ggufFiles(name).length > 3 && ggufFiles(name).every((file) => file.size === undefined),
  "a GGUF repository split into parts": (_json, name) => ggufFiles(name).some((file) => isSplitPart(file.file) && !file.file.includes("-00001-of-00001")),
  "a gguf-tagged repository without library_name": (json) =>
    json["library_name"] === undefined && (json["tags"] as string[] | undefined)?.includes("gguf") === true,
  "an MLX repository": (json) => json["library_name"] === "mlx",
  spaCy: (json) => json["library_name"] === "spacy",
  keras: (json) => json["library_name"] === "keras",
  diffusers: (json) => json["library_name"] === "diffusers",
  "sentence-transformers": (json) => json["library_name"] === "sentence-transformers",
  "depth-estimation with no mapping": (json) => json["pipeline_tag"] === "depth-estimation" && mappingOf(json) === undefined,
  "image-feature-extraction with no mapping": (json) => json["pipeline_tag"] === "image-feature-extraction" && mappingOf(json) === undefined,
  "transformers text-classification with no mapping": (json) =>
    json["library_name"] === "transformers" && json["pipeline_tag"] === "text-classification" && mappingOf(json) === undefined,
  "gated manual": (json) => json["gated"] === "manual",
  "gated auto": (json) => json["gated"] === "auto",
  private: (json) => json["private"] === true,
  "an image-text-to-text model": (json) => json["pipeline_tag"] === "image-text-to-text" && mappingOf(json) !== undefined,
  "automatic-speech-recognition with hf-inference live": (json, name) =>
    json["pipeline_tag"] === "automatic-speech-recognition" &&
    providerMappingOf(readHubRecord(name)).some((entry) => entry.provider === "hf-inference" && entry.status === "live"),
  "an empty mapping": (json) => JSON.stringify(mappingOf(json)) === "{}",
  "a mapping of staging and error entries only": (_json, name) =>
    statuses(name).length > 0 && statuses(name).every((status) => status === "staging" || status === "error"),
  // The shapes issue 32 names.
  "a LoRA adapter on fal-ai/flux-lora with its adapterWeightsPath": (json) => loraOn(json, "fal-ai", /^fal-ai\/flux-lora$/),
  "a LoRA adapter on fal-ai/lora, which also takes the base model": (json) =>
    loraOn(json, "fal-ai", /^fal-ai\/lora$/) && (json["cardData"] as Json | undefined)?.["base_model"] !== undefined,
  "a LoRA adapter on replicate": (json) => loraOn(json, "replicate"),
  "a versioned Replicate id for text-to-speech": (json) => versionedReplicate(json, "text-to-speech"),
  "a versioned Replicate id for text-to-image": (json) => versionedReplicate(json, "text-to-image"),
  "a GGUF repository with _L quants beside the plain ones, with sizes": (_json, name) =>
    ggufFiles(name).some((file) => /_K_L\.gguf$/.test(file.file) && file.size !== undefined) && ggufFiles(name).some((file) => /Q6_K\.gguf$/.test(file.file)),
  "a GGUF repository with a quant split into parts in a subfolder": (_json, name) =>
    ggufFiles(name).some((file) => file.file.includes("/") && isSplitPart(file.file)),
  "a GGUF-only repository with UD-…_XL quants and library_name transformers": (json, name) =>
    json["library_name"] === "transformers" && ggufFiles(name).some((file) => /UD-\w+_XL/.test(file.file)),
  "a GGUF-my-repo repository with library_name transformers": (json, name) =>
    tagsOf(json).includes("gguf-my-repo") && json["library_name"] === "transformers" && ggufFiles(name).some((file) => /-q4_k_m\.gguf$/i.test(file.file)),
  "a gated GGUF repository": (json, name) => json["gated"] !== false && ggufFiles(name).length > 0,
  "a transformers object-detection model": (json) => json["library_name"] === "transformers" && json["pipeline_tag"] === "object-detection",
  "a chat model whose live providers are all unknown to the table, object shape": (json, name) =>
    !Array.isArray(mappingOf(json)) && isChatTask(name) && liveUnknownOnly(name),
  "a chat model whose live providers are all unknown to the table, array shape": (json, name) =>
    Array.isArray(mappingOf(json)) && isChatTask(name) && liveUnknownOnly(name),
  "a private text-generation model with no mapping": (json) =>
    json["private"] === true && json["pipeline_tag"] === "text-generation" && mappingOf(json) === undefined,
  "a diffusers text-to-video repository": (json) => json["library_name"] === "diffusers" && json["pipeline_tag"] === "text-to-video",
  "a transformers text-generation model tagged text-generation-inference": (json) =>
    json["library_name"] === "transformers" &&
    json["pipeline_tag"] === "text-generation" &&
    tagsOf(json).includes("text-generation-inference") &&
    mappingOf(json) !== undefined,
  "a transformers text-generation model without the text-generation-inference tag": (json) =>
    json["library_name"] === "transformers" &&
    json["pipeline_tag"] === "text-generation" &&
    !tagsOf(json).includes("text-generation-inference") &&
    !tagsOf(json).includes("gguf"),
  "pyannote-audio, gated": (json) => json["library_name"] === "pyannote-audio" && json["gated"] !== false,
  summarization: (json) => json["pipeline_tag"] === "summarization",
  translation: (json) => json["pipeline_tag"] === "translation",
  "text-to-speech": (json) => json["pipeline_tag"] === "text-to-speech",
  "image-to-image": (json) => json["pipeline_tag"] === "image-to-image",
  "image-to-video": (json) => json["pipeline_tag"] === "image-to-video",
  "zero-shot-classification": (json) => json["pipeline_tag"] === "zero-shot-classification",
  "zero-shot-image-classification": (json) => json["pipeline_tag"] === "zero-shot-image-classification",
  "token-classification": (json) => json["pipeline_tag"] === "token-classification",
  "feature-extraction": (json) => json["pipeline_tag"] === "feature-extraction",
  "automatic-speech-recognition with no mapping": (json) => json["pipeline_tag"] === "automatic-speech-recognition" && mappingOf(json) === undefined,
  "timm served by hf-inference": (json) => json["library_name"] === "timm" && mappingOf(json) !== undefined,
  open_clip: (json) => json["library_name"] === "open_clip",
  peft: (json) => json["library_name"] === "peft",
  "a diffusers LoRA with no mapping": (json) => json["library_name"] === "diffusers" && tagsOf(json).includes("lora") && mappingOf(json) === undefined,
};

function chatServedWithoutHfInference(name: string): boolean {
  const entries = providerMappingOf(readHubRecord(name));
  const live = entries.filter((entry) => entry.status === "live" && known.has(entry.provider));
  return (
    expectations[name]?.task === "conversational" && live.length >= 2 && !entries.some((entry) => entry.provider === "hf-inference" && entry.status === "live")
  );
}

describe("the corpus of Hub API records", () => {
  it("holds at least 80 records, each with its expectation", () => {
    expect(names.length).toBeGreaterThanOrEqual(80);
    expect(Object.keys(expectations).sort()).toEqual(names);
  });

  it.each(Object.keys(cases))("holds %s", (label) => {
    const holding = names.filter((name) => cases[label]!(readHubRecordJson(name), name));
    expect(holding, label).not.toEqual([]);
  });

  it("uses no provider of the table under another spelling, and every entry says its status and task", () => {
    for (const name of names) {
      for (const entry of providerMappingOf(readHubRecord(name))) {
        expect(["live", "staging", "error"], `${name} ${entry.provider}`).toContain(entry.status);
        expect(entry.task, `${name} ${entry.provider}`).toMatch(/^[a-z-]+$/);
        expect(entry.provider, name).toMatch(/^[a-z][a-z-]*$/);
      }
    }
  });

  describe.each(names)("%s", (name) => {
    const json = readHubRecordJson(name);
    const expected = expectations[name]!;

    it("has the model API's identity fields", () => {
      expect(json["_id"]).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof json["id"]).toBe("string");
      if (isExpandAnswer(json)) {
        expect(Object.keys(json).slice(0, 2)).toEqual(["_id", "id"]);
        for (const field of Object.keys(json)) expect(expandable.has(field), field).toBe(true);
        return;
      }
      expect(json["modelId"]).toBe(json["id"]);
      expect(json["author"]).toBe(String(json["id"]).split("/")[0]);
      expect(json["sha"]).toMatch(/^[0-9a-f]{40}$/);
      expect([false, "auto", "manual"]).toContain(json["gated"]);
      expect(typeof json["private"]).toBe("boolean");
      for (const field of ["createdAt", "lastModified"]) expect(json[field]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    });

    it("passes the CLI's record validation (readModelRecord, which `snippet <file>` reads it with)", () => {
      expect(readModelRecord(hubRecordFile(name)).id).toBe(readHubRecordJson(name)["id"]);
    });

    it(`expects what the rules derive (${expected.about})`, () => {
      const { about: _about, gated: _gated, ...rest } = expected;
      const answer = Object.fromEntries(Object.entries(rest).filter(([field]) => !(checkFields as readonly string[]).includes(field)));
      expect(answer).toEqual(deriveAnswer(readHubRecord(name)));
    });

    it("writes its further checks in the expectations' format", () => {
      const selector = /^(inference|library|app):(\*|(\*|js|python|sh)\/(\*|[\w.-]+))$/;
      for (const field of ["contains", "lacks"] as const) {
        for (const [key, texts] of Object.entries(expected[field] ?? {})) {
          expect(key, field).toMatch(selector);
          expect(texts.length, `${field} ${key}`).toBeGreaterThan(0);
        }
      }
      for (const run of expected.runs ?? []) expect(run.args.length).toBeGreaterThan(0);
    });

    it("expects an access note exactly for a gated or private record", () => {
      expect(expected.gated).toBe(json["gated"] === "auto" || json["gated"] === "manual" || json["private"] === true);
    });

    it.skipIf(expected.library === null)("names the library whose loading code the generators write", () => {
      expect(getLibrarySnippets(readHubRecord(name))[0]?.client).toBe(expected.library);
    });
  });
});
