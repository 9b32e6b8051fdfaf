import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { corpusRecords, digestOf } from "../helpers/output-corpus.js";
import { renderCliCorpus } from "../helpers/output-corpus-cli.js";

/*
 * What every command line that reads a model record writes (stdout, stderr, exit code) is what it wrote when the
 * digest was taken, as test/model/output-corpus.test.ts holds the library's output. By default over the records
 * of examples/ and the fixtures of single shapes; HUB_SNIPPETS_OUTPUT_FULL=1 runs every record of the corpus (about
 * 4,700 runs, minutes) and checks the lines the digest holds. HUB_SNIPPETS_OUTPUT_UPDATE=1 rewrites the digest,
 * HUB_SNIPPETS_OUTPUT_DUMP=<file> writes the whole output there.
 */

const digestFile = new URL("../fixtures/output-corpus/cli-digest.json", import.meta.url);
const sampled = [
  "examples/",
  "test/fixtures/no-mapping/",
  "test/fixtures/providers/",
  "test/fixtures/browser/",
  "test/fixtures/issue32-decide/",
  "test/fixtures/issue42/",
];
const full = process.env.HUB_SNIPPETS_OUTPUT_FULL === "1";
const records = corpusRecords().filter((record) => full || (record.file !== undefined && sampled.some((folder) => record.file!.startsWith(folder))));

describe("the command lines that read a record", () => {
  it(`write what the digest says, over ${full ? "every record" : "a sample of records"}`, async () => {
    const output = await renderCliCorpus(records);
    const dump = process.env.HUB_SNIPPETS_OUTPUT_DUMP;
    if (dump) writeFileSync(dump, `${JSON.stringify(output, null, 1)}\n`);
    const digests = Object.fromEntries(Object.entries(output).map(([name, value]) => [name, digestOf(value)]));
    if (process.env.HUB_SNIPPETS_OUTPUT_UPDATE === "1") writeFileSync(digestFile, `${JSON.stringify(digests, null, 1)}\n`);
    // A missing digest fails: it is taken on purpose (HUB_SNIPPETS_OUTPUT_UPDATE=1), never by the check itself.
    expect(existsSync(digestFile), "the digest file (HUB_SNIPPETS_OUTPUT_UPDATE=1 takes it)").toBe(true);
    const expected = JSON.parse(readFileSync(digestFile, "utf8")) as Record<string, string>;
    expect(Object.values(output).filter((value) => (value as { timedOut?: boolean }).timedOut)).toEqual([]);
    const moved = Object.keys(expected).filter((name) => (full ? name in digests : true) && expected[name] !== digests[name]);
    expect(moved, "lines whose output moved (HUB_SNIPPETS_OUTPUT_DUMP=<file> writes it all)").toEqual([]);
  }, 1_800_000);
});
