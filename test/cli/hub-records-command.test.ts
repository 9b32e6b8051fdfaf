import { describe, expect, it } from "vitest";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { runCli } from "../helpers/cli.js";
import { hubRecordExpectations, hubRecordFile, hubRecordNames, readHubRecord, holds } from "../helpers/hub-records.js";

/**
 * What only the command says of each record of the Hub API records' corpus (test/fixtures/hub-records/): its exit
 * code, its diagnostics, the further runs expectations.json names, and that its `--json` is the core's answer. The
 * answer's rules are held in process by test/snippets/hub-records.test.ts.
 */
const expectations = hubRecordExpectations();

describe("`snippet` over the corpus of Hub API records", () => {
  describe.each(hubRecordNames())("%s", (name) => {
    const expected = expectations[name]!;
    const file = hubRecordFile(name);
    const result = runCli(["snippet", file, "--json"]);

    it(`exits ${expected.exit}, prints the core's answer and says what it should`, () => {
      expect(result.code, result.stderr).toBe(expected.exit);
      const printed: unknown = result.code === 0 ? JSON.parse(result.stdout) : [];
      const core = result.code === 0 ? getModelSnippets(readHubRecord(name)).snippets : [];
      expect(printed).toEqual(JSON.parse(JSON.stringify(core)));
      for (const text of expected.stderr) expect(result.stderr).toContain(text);
      for (const text of expected.stderrNever ?? []) expect(result.stderr).not.toContain(text);
      if (expected.exit === 1) expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    });

    describe.skipIf(!expected.runs)("further runs", () => {
      it.each((expected.runs ?? []).map((run) => [run.args.join(" "), run] as const))("snippet <record> %s", (_label, run) => {
        const outcome = runCli(["snippet", file, ...run.args]);
        const said = `exit ${outcome.code}\n${outcome.stdout}\n${outcome.stderr}`;
        if (run.exit !== undefined) expect(outcome.code, said).toBe(run.exit);
        for (const text of run.stdout ?? []) expect(holds(outcome.stdout, text), `stdout lacks ${text}\n${said}`).toBe(true);
        for (const text of run.stdoutNever ?? []) expect(holds(outcome.stdout, text), `stdout holds ${text}\n${said}`).toBe(false);
        for (const text of run.stderr ?? []) expect(holds(outcome.stderr, text), `stderr lacks ${text}\n${said}`).toBe(true);
        for (const text of run.stderrNever ?? []) expect(holds(outcome.stderr, text), `stderr holds ${text}\n${said}`).toBe(false);
      });
    });
  });
});
