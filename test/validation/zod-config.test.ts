import { describe, expect, it } from "vitest";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { modelRecordFromFlags } from "../../src/model/from-flags.js";
import { parseModelRecord } from "../../src/model/read.js";

/*
 * This file imports no CLI command: the readers configure zod themselves, so the library API's messages are the
 * CLI's (English, not zod/mini's bare "Invalid input").
 */

const messageOf = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the record to be refused");
};

describe("record validation through the library API", () => {
  it("says what a model record's field should be, in English", () => {
    expect(messageOf(() => parseModelRecord('{"id": "a/b", "tags": "x"}', "model.json"))).toBe(
      "model.json: not a valid model record: $.tags: Invalid input: expected array, received string",
    );
  });

  it("says what a dataset record's field should be, in English", () => {
    expect(messageOf(() => parseDatasetRecord('{"id": "a/b", "tags": 3}', "dataset.json"))).toContain("expected array, received number");
  });

  it("says what a record made from flags lacks, in English", () => {
    expect(messageOf(() => modelRecordFromFlags("a/b", undefined, ["x", 3 as unknown as string]))).toContain("expected string, received number");
  });
});
