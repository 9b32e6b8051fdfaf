import { describe, expect, it } from "vitest";
import { renderCorpus } from "../helpers/output-corpus.js";
import { movedFromDigest } from "../helpers/output-digest.js";

/*
 * What the product writes from every record we hold (test/helpers/output-corpus.ts) is what it wrote when the digest
 * was taken: a change meant to keep the output (the record view's speed-up of issue 41) moves no byte. A change
 * meant to move output updates the digest on purpose: HUB_SNIPPETS_OUTPUT_UPDATE=1 rewrites it, and
 * HUB_SNIPPETS_OUTPUT_DUMP=<file> writes the whole output there, to compare two builds with a JSON diff.
 */

const digestFile = new URL("../fixtures/output-corpus/library-digest.json", import.meta.url);

describe("the output over the record corpus", () => {
  it("is byte for byte what the digest says, record by record", () => {
    const output = renderCorpus();
    expect(Object.keys(output).length).toBeGreaterThan(500);
    expect(movedFromDigest(output, digestFile), "records whose output moved (HUB_SNIPPETS_OUTPUT_DUMP=<file> writes it all)").toEqual([]);
  }, 300_000);
});
