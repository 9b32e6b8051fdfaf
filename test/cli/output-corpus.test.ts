import { describe, expect, it } from "vitest";
import { corpusRecords } from "../helpers/output-corpus.js";
import { movedFromDigest } from "../helpers/output-digest.js";
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
    expect(Object.values(output).filter((value) => (value as { timedOut?: boolean }).timedOut)).toEqual([]);
    // The digest holds the sample: a full run compares the lines of it that it ran.
    const moved = movedFromDigest(output, digestFile, (name, inDigest) => !full || (inDigest && name in output));
    expect(moved, "lines whose output moved (HUB_SNIPPETS_OUTPUT_DUMP=<file> writes it all)").toEqual([]);
  }, 1_800_000);
});
