import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isKnownGatedBase } from "../../src/catalogue/gated-bases.js";
import { GatedBasesDataSchema } from "../../src/catalogue/schema.js";
import { dataDir } from "../../src/paths.js";
import { modelIdPattern } from "../../src/model/model-id.js";
import { gatedBaseNote } from "../../src/code/access-note.js";

describe("data/gated-bases.json: base models known to be gated", () => {
  const data = GatedBasesDataSchema.parse(JSON.parse(readFileSync(`${dataDir}gated-bases.json`, "utf8")));

  it("lists model ids, owners and prefixes only", () => {
    for (const id of data.repositories) expect(id).toMatch(modelIdPattern);
    for (const owner of data.owners) expect(owner).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
    for (const prefix of data.prefixes) expect(prefix).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9._-]+$/);
  });

  it("knows a listed repository, a whole owner's and a prefix's models, as the Hub compares ids", () => {
    expect(isKnownGatedBase("black-forest-labs/FLUX.1-dev")).toBe(true);
    expect(isKnownGatedBase("black-forest-labs/flux.1-dev")).toBe(true);
    expect(isKnownGatedBase("meta-llama/Llama-3.1-8B-Instruct")).toBe(true);
    expect(isKnownGatedBase("google/gemma-3-4b-it")).toBe(true);
  });

  it("does not know open models beside them", () => {
    expect(isKnownGatedBase("black-forest-labs/FLUX.1-schnell")).toBe(false);
    expect(isKnownGatedBase("stabilityai/stable-diffusion-xl-base-1.0")).toBe(false);
    expect(isKnownGatedBase("google/flan-t5-base")).toBe(false);
    expect(isKnownGatedBase("meta-llama-fan/Llama-3.1-8B")).toBe(false);
  });

  it("writes a note only for a known gated base whose name is a model id", () => {
    expect(gatedBaseNote("black-forest-labs/FLUX.1-dev")).toContain("https://huggingface.co/black-forest-labs/FLUX.1-dev,");
    expect(gatedBaseNote("black-forest-labs/FLUX.1-schnell")).toBeUndefined();
    expect(gatedBaseNote(undefined)).toBeUndefined();
    expect(gatedBaseNote("meta-llama/Llama\n3")).toBeUndefined();
  });
});
