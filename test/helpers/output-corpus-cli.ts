import { fileURLToPath } from "node:url";
import { runCliBatch, type CliJob } from "./cli-batch.js";
import type { CorpusRecord } from "./output-corpus.js";

/*
 * The command lines that read a model record (CLI-CONTRACT.md), run on the built CLI for each record of the corpus:
 * the record by its file where it has one (a relative path, so that messages do not depend on where the checkout
 * is), else on stdin.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The lines run for every record; `R` stands for the record. */
export const cliLines: readonly (readonly string[])[] = [
  ["snippet", "R"],
  ["snippet", "R", "--json"],
  ["snippet", "R", "--library"],
  ["snippet", "R", "--provider"],
  ["snippet", "R", "--provider", "auto", "--lang", "sh"],
  ["snippet", "R", "--lang", "python", "--client", "requests"],
  ["snippet", "R", "--endpoint-url", "https://example.endpoints.huggingface.cloud", "--lang", "sh"],
  ["snippet", "R", "--app", "llama.cpp", "--memory", "16GB"],
  ["snippet", "R", "--client", "ollama"],
  ["apps", "list", "--model", "R", "--json"],
  ["providers", "list", "--model", "R", "--json"],
];

/** What each line wrote for each record, by `<record> :: <line>`. */
export async function renderCliCorpus(records: readonly CorpusRecord[], concurrency = 2): Promise<Record<string, unknown>> {
  const cases = records.flatMap((record) => cliLines.map((line) => ({ record, line })));
  const jobs: CliJob[] = cases.map(({ record, line }) => ({
    args: line.map((word) => (word === "R" ? (record.file ?? "-") : word)),
    input: record.file === undefined ? record.text : "",
    timeoutMs: 60_000,
  }));
  if (process.cwd() !== root.replace(/\/$/, "")) throw new Error(`run from the repository's root (${root}): the records are named by relative paths`);
  const outcomes = await runCliBatch(jobs, concurrency);
  return Object.fromEntries(
    cases.map(({ record, line }, index) => {
      const { code, stdout, stderr, timedOut } = outcomes[index]!;
      return [`${record.name} :: ${line.join(" ")}`, { code, stdout, stderr, ...(timedOut ? { timedOut } : {}) }];
    }),
  );
}
