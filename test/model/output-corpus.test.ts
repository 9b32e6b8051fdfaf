import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { digestOf, renderCorpus } from "../helpers/output-corpus.js";

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
    const dump = process.env.HUB_SNIPPETS_OUTPUT_DUMP;
    if (dump) writeFileSync(dump, `${JSON.stringify(output, null, 1)}\n`);
    const digests = Object.fromEntries(Object.entries(output).map(([name, value]) => [name, digestOf(value)]));
    if (process.env.HUB_SNIPPETS_OUTPUT_UPDATE === "1") writeFileSync(digestFile, `${JSON.stringify(digests, null, 1)}\n`);
    // A missing digest fails: it is taken on purpose (HUB_SNIPPETS_OUTPUT_UPDATE=1), never by the check itself.
    expect(existsSync(digestFile), "the digest file (HUB_SNIPPETS_OUTPUT_UPDATE=1 takes it)").toBe(true);
    const expected = JSON.parse(readFileSync(digestFile, "utf8")) as Record<string, string>;
    expect(Object.keys(digests).length).toBeGreaterThan(500);
    const moved = Object.keys({ ...expected, ...digests }).filter((name) => expected[name] !== digests[name]);
    expect(moved, "records whose output moved (HUB_SNIPPETS_OUTPUT_DUMP=<file> writes it all)").toEqual([]);
  }, 300_000);
});
