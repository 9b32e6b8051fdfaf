import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { completeRecordFields } from "../../src/model/record-url.js";
import { runCli } from "../helpers/cli.js";
import { root } from "../helpers/snippet-cli.js";

/** The shipped examples are what the README's complete fetch returns: every field asked for, and nothing else. */
const dir = join(root, "examples");
const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
const records = files.map((name) => ({ name, record: JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown> }));

describe("examples/", () => {
  it.each(files)("%s is the Hub's answer to the complete fetch", (name) => {
    const record = JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown>;
    const expected = new Set<string>(["_id", "id", ...completeRecordFields]);
    expect(Object.keys(record).filter((key) => !expected.has(key))).toEqual([]);
    for (const field of ["_id", "id", "private", "gated", "tags", "pipeline_tag", "library_name", "cardData", "siblings", "inferenceProviderMapping"]) {
      expect(record, `${name} has no ${field}`).toHaveProperty(field);
    }
    // ?blobs=true: every file has its size (what --memory reads), large ones their LFS pointer.
    const siblings = record.siblings as { rfilename: string; size?: number; blobId?: string }[];
    expect(siblings.filter((file) => typeof file.size !== "number" || typeof file.blobId !== "string").map((file) => file.rfilename)).toEqual([]);
  });

  it.each(files)("snippet %s prints every kind with no warning and no :hf-inference route unless it is live", (name) => {
    const { stdout, stderr, code } = runCli(["snippet", join(dir, name)]);
    expect(code).toBe(0);
    // The diagnostics a complete record may get: the hints naming the apps the answer left out and the deploy code
    // --deploy writes, and what the code reads that the user brings (a task that sends a file).
    const expected =
      / also runs in: .* \(snippet --app <key>\)$| can also be deployed on a dedicated endpoint \([a-z, ]+\): snippet --deploy \[target\]$|: the code reads (sample\.flac|image\.jpg), an? \w+ file of your own/;
    expect(stderr.split("\n").filter((line) => line !== "" && !expected.test(line))).toEqual([]);
    const record = JSON.parse(readFileSync(join(dir, name), "utf8")) as { inferenceProviderMapping: Record<string, { status: string }> };
    if (record.inferenceProviderMapping["hf-inference"]?.status !== "live") expect(stdout).not.toContain("hf-inference");
  });

  it("holds a GGUF repository and a gated model", () => {
    expect(records.filter(({ record }) => record.library_name === "gguf" && "gguf" in record).map(({ name }) => name)).not.toEqual([]);
    expect(records.filter(({ record }) => record.gated === "manual" || record.gated === "auto").map(({ name }) => name)).not.toEqual([]);
  });

  it("holds a gated GGUF repository whose loading code and app commands say how to get access", () => {
    const gatedGguf = records.filter(({ record }) => record.library_name === "gguf" && record.gated === "manual");
    expect(gatedGguf.map(({ name }) => name)).toEqual(["gemma-3-4b-it-qat-q4_0-gguf.json"]);
    const { stdout, code } = runCli(["snippet", join(dir, "gemma-3-4b-it-qat-q4_0-gguf.json")]);
    expect(code).toBe(0);
    expect(stdout).toContain("## Library: llama-cpp-python");
    expect(stdout).toContain("# Gated model: accept its conditions on https://huggingface.co/google/gemma-3-4b-it-qat-q4_0-gguf");
    expect(stdout).toContain("llama-server -hf google/gemma-3-4b-it-qat-q4_0-gguf:Q4_0");
  });
});
