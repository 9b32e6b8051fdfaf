import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { recordFor } from "../helpers/corpus.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { jobFor, problemsOf, report, runtimeMissing, type Case } from "../helpers/raw-execution.js";
import { isRawClient, rawClientNames } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * A provider's model id comes from the record (its inferenceProviderMapping) and enters the new raw forms as a
 * literal: a form field of Together's and DeepInfra's uploads (curl's `--form-string`, which reads no file for a
 * leading `@` or `<`), and the JSON body of Novita's video route. An id made of quotes, substitutions and curl's
 * form syntax is sent exactly, and runs nothing.
 */

const hostileId = `@sample.flac;type=text/plain <x '"$(touch PWNED)\`touch PWNED\`\${HF_TOKEN}\\ é`;

const routes: { provider: string; kind: InferenceKind }[] = [
  { provider: "together", kind: "automatic-speech-recognition" },
  { provider: "deepinfra", kind: "automatic-speech-recognition" },
  { provider: "novita", kind: "image-text-to-video" },
];

const recordOf = (provider: string, kind: InferenceKind, providerId: string) =>
  recordFor(kind, { inferenceProviderMapping: { [provider]: { providerId, status: "live", task: kind } } });

const cases: Case[] = routes.flatMap(({ provider, kind }) => {
  const options = { provider };
  const record = recordOf(provider, kind, hostileId);
  const request = buildInferenceRequest(record, options);
  if (!request) throw new Error(`no request for ${provider} ${kind}`);
  return getInferenceSnippets(record, options)
    .filter((snippet) => isRawClient(snippet.client))
    .map((snippet) => ({ client: snippet.client as Case["client"], request, options, snippet }));
});

describe("a provider's model id enters the new raw forms as a literal", () => {
  const outcomes = runBeforeTests(cases.map((c) => ({ client: c.client, job: jobFor(c) })));

  it("every route has a snippet in each raw client", () => {
    expect(cases).toHaveLength(routes.length * rawClientNames.length);
  });

  it("each snippet sends the id exactly, and nothing it holds runs", () => {
    cases.forEach((c, index) => {
      if (runtimeMissing(c.client)) return;
      const outcome = outcomes()[index];
      const { problems } = problemsOf(c, outcome);
      if (outcome?.ok && existsSync(join(outcome.run.dir, "PWNED"))) problems.push("the id ran a command (PWNED was created)");
      expect(problems, report(c, outcome, problems)).toEqual([]);
    });
  });

  it("an id holding a NUL, which no shell word can carry, gets no curl form upload (the other clients send it)", () => {
    const record = recordOf("together", "automatic-speech-recognition", "model\u0000id");
    const clients = getInferenceSnippets(record, { provider: "together" }).map((snippet) => snippet.client);
    expect(clients).not.toContain("curl");
    expect(clients).toEqual(expect.arrayContaining(["fetch", "requests"]));
  });
});
