import { beforeAll, describe, expect, it } from "vitest";
import { snippetCorpus } from "../helpers/corpus.js";
import type { PoolOutcome } from "../helpers/recorder-pool.js";
import { caseOf, problemsOf, rawExecutionSuite, runtimeMissing, SUITE_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { hostileCase, hostileKinds, hostileProblems, type HostileCase, type HostileKind } from "../helpers/raw-hostile-cases.js";
import { isRawClient, rawClientNames, type RawClient } from "../helpers/raw-clients.js";

/* The execution checks themselves catch broken snippets (canaries: deliberately damaged copies of real snippets). */

const { runCases } = rawExecutionSuite("canary snippets");
const rawEntries = snippetCorpus().filter((entry) => isRawClient(entry.snippet.client));

interface Canary {
  name: string;
  client: RawClient;
  base: () => Case | HostileCase;
  damage: (content: string) => string;
  /** A fragment of the problem the checks must report. */
  expect: string;
}

function corpusCase(client: RawClient, kind: string, optionSet: string): Case {
  const entry = rawEntries.find((candidate) => candidate.snippet.client === client && candidate.kind === kind && candidate.optionSet === optionSet);
  if (!entry) throw new Error(`no ${client} snippet for ${kind} [${optionSet}]`);
  return caseOf(entry);
}

function damaged<C extends Case>(base: C, damage: (content: string) => string): C {
  const content = damage(base.snippet.content);
  if (content === base.snippet.content) throw new Error("the canary's damage did not change the snippet");
  return { ...base, snippet: { ...base.snippet, content } };
}

const canaryText = "$(touch PWNED_MARKER)";

const canaries: Canary[] = [
  {
    name: "curl reading the wrong token variable",
    client: "curl",
    base: () => corpusCase("curl", "text-classification", "default"),
    damage: (content) => content.replace("$HF_TOKEN", "$API_TOKEN"),
    expect: "authorization",
  },
  {
    name: "curl splicing widget text into a double-quoted word",
    client: "curl",
    base: () => {
      const kind = hostileKinds[0] as HostileKind;
      return hostileCase("curl", kind.record(canaryText), {}, "canary", (body) => kind.check(body, canaryText));
    },
    damage: (content) => content.replace(/-d '(.*)'$/m, (_all, json: string) => `-d "${json.replaceAll('"', '\\"')}"`),
    expect: "PWNED_MARKER was created",
  },
  {
    name: "requests dropping the bill-to header",
    client: "requests",
    base: () => corpusCase("requests", "conversational", "bill-to"),
    damage: (content) => content.replace(/\s*"X-HF-Bill-To": "acme-org",?/, ""),
    expect: "x-hf-bill-to",
  },
  {
    name: "requests printing the raw stream deltas",
    client: "requests",
    base: () => corpusCase("requests", "conversational", "stream"),
    damage: (content) => content.replace('delta.get("content") or ""', "delta"),
    expect: 'expected "Hello world',
  },
  {
    name: "fetch sending a truncated base64 file",
    client: "fetch",
    base: () => corpusCase("fetch", "document-question-answering", "default"),
    damage: (content) => content.replace('.toString("base64");', '.toString("base64").slice(4);'),
    expect: "does not decode to the exact sample bytes",
  },
  {
    name: "fetch naming a binary response's PNG with the wrong extension",
    client: "fetch",
    base: () => corpusCase("fetch", "text-to-image", "default"),
    damage: (content) => content.replace('["image/png", "png"]', '["image/png", "jpg"]'),
    expect: "did not write output.png",
  },
];

describe("the execution checks catch damaged snippets", () => {
  for (const client of rawClientNames) {
    const mine = canaries.filter((canary) => canary.client === client);
    describe.skipIf(runtimeMissing(client))(client, () => {
      const cases = mine.map((canary) => damaged(canary.base(), canary.damage));
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
      }, SUITE_TIMEOUT_MS);

      mine.forEach((canary, index) => {
        it(canary.name, () => {
          const c = cases[index] as Case | HostileCase;
          const problems = "check" in c ? hostileProblems(c, outcomes[index]) : problemsOf(c, outcomes[index]).problems;
          expect(problems.join("\n")).toContain(canary.expect);
        });
      });
    });
  }
});
