import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";
import { digestOf } from "./output-corpus.js";

/**
 * The names of an output whose digest moved from the committed one (a value's canonical JSON, hashed). With
 * HUB_SNIPPETS_OUTPUT_DUMP=<file> the whole output is written there, to compare two builds with a JSON diff;
 * HUB_SNIPPETS_OUTPUT_UPDATE=1 rewrites the digest, on purpose. A missing digest file fails: the check never takes
 * it itself. `held` narrows the names compared (a full run of a sampled digest compares the lines the digest holds).
 */
export function movedFromDigest(output: Record<string, unknown>, digestFile: URL, held: (name: string, inDigest: boolean) => boolean = () => true): string[] {
  const dump = process.env.HUB_SNIPPETS_OUTPUT_DUMP;
  if (dump) writeFileSync(dump, `${JSON.stringify(output, null, 1)}\n`);
  const digests = Object.fromEntries(Object.entries(output).map(([name, value]) => [name, digestOf(value)]));
  if (process.env.HUB_SNIPPETS_OUTPUT_UPDATE === "1") writeFileSync(digestFile, `${JSON.stringify(digests, null, 1)}\n`);
  expect(existsSync(digestFile), "the digest file (HUB_SNIPPETS_OUTPUT_UPDATE=1 takes it)").toBe(true);
  const expected = JSON.parse(readFileSync(digestFile, "utf8")) as Record<string, string>;
  return Object.keys({ ...expected, ...digests }).filter((name) => held(name, name in expected) && expected[name] !== digests[name]);
}
