import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { getDeploySnippets, type DeployOptions } from "../../src/deploy/deploy.js";
import type { ModelRecord } from "../../src/model/record.js";
import { blackProblems, pythonAstErrors } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { codeRecords, embeddings, example, hostileId, reranker, sized } from "./records.js";
import { expectKnownNames, readSignatures, usedNames } from "./signatures.js";

/*
 * The deploy code as Python reads it: it parses, passes black, and keeps hostile record text as data (no control
 * character, no call the id smuggles in); the Azure ML and Vertex AI code, whose SDKs do not install here, uses only
 * the modules, functions and keywords read in the SDK's source (data/deploy/*-signatures.json, at the commits they
 * name; the names taken from the code by Python's own ast). What each target decides is held in process by
 * decide.test.ts, azure.test.ts and vertex.test.ts.
 */

const chat = example("llama-3.1-8b-instruct");
const bigChat = sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000);
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The files' Python problems: what ast refuses, then what black would change (where black is installed). */
function pythonProblems(prefix: string, contents: readonly string[]): string[] {
  const directory = mkdtempSync(join(tmpdir(), `hub-snippets-${prefix}-`));
  onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
  const files = contents.map((content, index) => {
    const file = join(directory, `${prefix}_${index}.py`);
    writeFileSync(file, content);
    return file;
  });
  return [...pythonAstErrors(files), ...(hasTool("black") ? blackProblems(directory) : [])];
}

describe("every target's default code", () => {
  it("parses and passes black", () => {
    const contents = codeRecords.flatMap((record) => getDeploySnippets(record).snippets.map((snippet) => snippet.content));
    expect(contents.length).toBeGreaterThan(codeRecords.length);
    expect(pythonProblems("deploy", contents)).toEqual([]);
  });
});

describe.each([
  {
    target: "azure" as const,
    signatures: "azure-signatures.json",
    repository: "Azure/azure-sdk-for-python",
    // The gated chat model alone gets no code.
    records: [chat, embeddings, example("bart-large-mnli"), reranker, bigChat, sized(hostileId, "text-generation", "transformers", 1e9)],
    without: 1,
  },
  {
    target: "vertex" as const,
    signatures: "vertex-signatures.json",
    repository: "googleapis/python-aiplatform",
    records: [
      chat,
      embeddings,
      reranker,
      example("bart-large-mnli"),
      bigChat,
      sized(hostileId, "text-generation", "transformers", 1e9, { gated: "manual" } as Partial<ModelRecord>),
    ],
    without: 0,
  },
])("the deploy code for $target", ({ target, signatures, repository, records, without }) => {
  const options: DeployOptions = { target };
  const contents = records.flatMap((record) => getDeploySnippets(record, options).snippets.map((snippet) => snippet.content));

  it("uses only modules, functions and keywords read in the SDK's source, at the commit the data names", () => {
    expect(contents).toHaveLength(records.length - without);
    const read = readSignatures(signatures);
    for (const content of contents) expectKnownNames(read, content, repository);
  });

  it("parses, passes black, and keeps a hostile id as data", () => {
    expect(pythonProblems(target, contents)).toEqual([]);
    const hostile = contents.at(-1) ?? "";
    expect(hostile).toMatch(/evil/);
    expect(hostile).not.toMatch(controls);
    expect(usedNames(hostile).calls.map((call) => call.name)).not.toContain("system");
  });
});
