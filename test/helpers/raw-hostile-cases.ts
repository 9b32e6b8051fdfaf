import { existsSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { type InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { hostileStrings } from "./hostile-records.js";
import type { PoolOutcome } from "./recorder-pool.js";
import { problemsOf, type Case } from "./raw-execution.js";
import type { RawClient } from "./raw-clients.js";
import { buildInferenceRequest } from "./record-twins.js";

/** Hostile widget text and options for the raw clients: which record carries it and where the body must hold it. */
export interface HostileKind {
  name: string;
  record: (text: string) => ModelRecord;
  /** Where the text must travel in the body. */
  check: (body: Record<string, unknown>, text: string) => string[];
}

const record = (fields: Record<string, unknown>) => ModelRecordSchema.parse({ tags: [], ...fields });
const same = (label: string, got: unknown, text: unknown) =>
  isDeepStrictEqual(got, text) ? [] : [`${label} is ${JSON.stringify(got)}, expected ${JSON.stringify(text)}`];
const objectAt = (value: unknown) => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export const hostileKinds: HostileKind[] = [
  {
    name: "text-classification",
    record: (text) => record({ id: "acme/hostile-text-classification", pipeline_tag: "text-classification", widgetData: [{ text }] }),
    check: (body, text) => same("inputs", body.inputs, text),
  },
  {
    name: "fill-mask",
    record: (text) => record({ id: "acme/hostile-fill-mask", pipeline_tag: "fill-mask", mask_token: text }),
    check: (body, text) =>
      typeof body.inputs === "string" && body.inputs.includes(text)
        ? []
        : [`inputs ${JSON.stringify(body.inputs)} does not contain the mask token ${JSON.stringify(text)}`],
  },
  {
    name: "zero-shot-classification",
    record: (text) => record({ id: "acme/hostile-zero-shot", pipeline_tag: "zero-shot-classification", widgetData: [{ text, candidate_labels: [text, "b"] }] }),
    check: (body, text) => [
      ...same("inputs", body.inputs, text),
      ...same("parameters.candidate_labels", objectAt(body.parameters).candidate_labels, [text, "b"]),
    ],
  },
  {
    name: "question-answering",
    record: (text) => record({ id: "acme/hostile-question-answering", pipeline_tag: "question-answering", widgetData: [{ text, context: text }] }),
    check: (body, text) => [...same("inputs.question", objectAt(body.inputs).question, text), ...same("inputs.context", objectAt(body.inputs).context, text)],
  },
  {
    name: "chat",
    record: (text) => record({ id: "acme/hostile-chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ text }] }),
    check: (body, text) => same("messages[0].content", objectAt(Array.isArray(body.messages) ? body.messages[0] : undefined).content, text),
  },
  // The json-with-file path: curl splices the base64 file between two printf'd halves of the JSON.
  {
    name: "document-question-answering",
    record: (text) => record({ id: "acme/hostile-document-qa", pipeline_tag: "document-question-answering", widgetData: [{ text }] }),
    check: (body, text) => same("inputs.question", objectAt(body.inputs).question, text),
  },
  {
    name: "image-to-image",
    record: (text) => record({ id: "acme/hostile-image-to-image", pipeline_tag: "image-to-image", widgetData: [{ text }] }),
    check: (body, text) => same("parameters.prompt", objectAt(body.parameters).prompt, text),
  },
];

/** Hostile values of the options that reach headers (no line breaks: HTTP cannot carry them in a header). */
const hostileOptionValues: [label: string, value: string][] = [
  ["shell and quotes", `hf_$(touch PWNED_MARKER)'"\`touch PWNED_MARKER\`\\`],
  ["template and braces", "${process.exit(3)}{os.system('touch PWNED_MARKER')}{{ 7*7 }}"],
];

export interface HostileCase extends Case {
  name: string;
  check: (body: Record<string, unknown>) => string[];
}

export function hostileCase(client: RawClient, model: ModelRecord, options: InferenceSnippetOptions, name: string, check: HostileCase["check"]): HostileCase {
  const request = buildInferenceRequest(model, options);
  if (!request) throw new Error(`no request for ${name}`);
  const snippet = getInferenceSnippets(model, options).find((candidate) => candidate.client === client);
  if (!snippet) throw new Error(`no ${client} snippet for ${name}`);
  return { client, request, options, snippet, name, check };
}

export function hostileCases(client: RawClient): HostileCase[] {
  const widgetCases = hostileKinds.flatMap((kind) =>
    hostileStrings.map(([label, text]) => hostileCase(client, kind.record(text), {}, `${kind.name} ← ${label}`, (body) => kind.check(body, text))),
  );
  const optionCases = hostileOptionValues.flatMap(([label, value]) =>
    hostileKinds
      .filter((kind) => kind.name === "text-classification" || kind.name === "chat")
      .map((kind) =>
        hostileCase(client, kind.record("plain text"), { token: value, billTo: value }, `${kind.name} ← token and bill-to: ${label}`, (body) =>
          kind.check(body, "plain text"),
        ),
      ),
  );
  return [...widgetCases, ...optionCases];
}

export function hostileProblems(c: HostileCase, outcome: PoolOutcome | undefined): string[] {
  const { problems, body } = problemsOf(c, outcome);
  if (outcome?.ok && existsSync(join(outcome.run.dir, "PWNED_MARKER"))) problems.push("PWNED_MARKER was created: the text ran as code");
  if (body !== null && typeof body === "object" && !Array.isArray(body)) problems.push(...c.check(body as Record<string, unknown>));
  else if (outcome?.ok && outcome.requests.length > 0) problems.push("no JSON object body to find the text in");
  return problems;
}
