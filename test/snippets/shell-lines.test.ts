import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { everySnippet } from "../helpers/every-snippet.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Shell text that rule files write, parsed by bash itself (`bash -n`): every install line the tests' records make
 * (their names are held by install-names.test.ts) and the LTX-2.5 split weights' commands (ltx-split.test.ts). Here, so
 * that those rule files start no process and stay in the unit group.
 */

const bashProblems = (text: string) => {
  const run = spawnSync("bash", ["-n"], { input: text, encoding: "utf8" });
  return { status: run.status, stderr: run.stderr };
};

describe("shell text, as bash reads it", () => {
  it("parses every install line", () => {
    const lines = [...new Set(everySnippet().flatMap((snippet) => (snippet.install ? [snippet.install] : [])))];
    expect(lines.length).toBeGreaterThan(100);
    expect(bashProblems(lines.join("\n"))).toEqual({ status: 0, stderr: "" });
  });

  it("parses the LTX-2.5 split weights' commands", () => {
    const hubRecord = JSON.parse(readFileSync(new URL("../fixtures/hub-records/ltx-2.5-split-weights.json", import.meta.url), "utf8")) as Record<
      string,
      unknown
    >;
    const shell = getLibrarySnippets(ModelRecordSchema.parse(hubRecord))
      .map((snippet) => snippet.content)
      .join("\n");
    expect(shell).toContain("ltx");
    expect(bashProblems(shell)).toEqual({ status: 0, stderr: "" });
  });
});
