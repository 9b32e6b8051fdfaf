import { getProvider } from "../catalogue/providers.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import type { RecordView } from "../model/view.js";
import type { ModelChoices } from "./answer.js";
import type { CodeUnit } from "../code/snippet.js";
import { checkCallOptions, checkProvider, givesChatOption, withProvider, type CallOptions } from "../inference/options.js";
import { inferenceOptOutNote, noMappingNote, providerChoiceOf, runsOnlyLocally } from "../inference/provider-choice.js";
import { noExampleMessage } from "../inference/request.js";
import { endpointTokenNote, sampleFileNote } from "../inference/input-notes.js";
import { loadChatFeatures } from "../inference/load-chat-features.js";
import { callInputsOf, inferenceUnitsOf, type CallInputs } from "../inference/snippets.js";

/** A line for the user beside the code, and when it holds: always, or only with (or without) the kind's code shown. */
export interface DecidedNote {
  text: string;
  shown: "always" | "with-code" | "without-code";
  /** The sample file the calls send, which the user brings: a notebook fetches one instead, and says so. */
  topic?: "sample-file";
}

/** How a model is called through a provider: the decision, whatever the answer shows of it. */
export interface InferenceDecision {
  /** The provider the calls use (`auto`: the router chooses), the route raw HTTP calls post to, and what they read. */
  call?: { provider: string; routeProvider: string | undefined; reads?: CallInputs };
  /** The calls' code, one unit per client. */
  units: CodeUnit[];
  notes: DecidedNote[];
  /** Why no call is written (a task no provider serves, a record without a task). */
  missing?: string;
  /** Why, when the clients write no call of the request (no example for the task). */
  missingIfNone?: string;
  /** Options asked for that change nothing for this record, and why. */
  inapplicable?: { stream?: string };
}

/** The provider's key variable, where its docs and huggingface.js name it differently (a direct call without a token). */
function keyVariableNote(provider: string): string | undefined {
  const row = getProvider(provider);
  if (row?.docsKeyEnv === undefined) return undefined;
  return `the code reads ${row.label}'s key from ${row.docsKeyEnv} (the name ${row.label}'s docs use), else from ${row.apiKeyEnv} (huggingface.js's name)`;
}

/**
 * The inference calls of a model, decided from its view and the choices: the provider (the record's live mapping,
 * the one asked for, the policy's or the chat feature's), the request, each client's code, and the notes. Throws a
 * UserError for a choice the record refuses (a provider in error, a policy for a model that is not chat). The options
 * are checked once: here, or by the caller that checked them before reading the record (`checked`, the CLI).
 */
export function decideInference(view: RecordView, choices: ModelChoices, checked: CallOptions = checkCallOptions(choices)): InferenceDecision {
  const { task, kind } = view;
  const decision: InferenceDecision = { units: [], notes: [] };
  const note = (text: string) => decision.notes.push({ text, shown: "always" });
  let asked = choices.provider;
  const byRecord = !view.providers.mapped && asked === undefined && choices.endpointUrl === undefined;
  // A card that opts out of hosted inference says so in one line, whatever its task.
  if (byRecord && view.inferenceOptOut && !runsOnlyLocally(view)) note(inferenceOptOutNote(view));
  // No provider serves a repository of GGUF or MLX files, so its missing mapping is no news; a private model and an opted-out card have their own note.
  const unmapped = byRecord && !runsOnlyLocally(view) && !view.private && !view.inferenceOptOut;
  // A policy, structured output or tools: only a line that gives one loads their code.
  if (givesChatOption(choices)) {
    const chosen = loadChatFeatures().chatOptionsChoice(view, kind, choices, checked.policy);
    for (const text of chosen.notes) note(text);
    asked = chosen.provider ?? asked;
  }
  if (kind === undefined) {
    // A provider the table does not know is accepted only for chat: with no task, it is an unknown id (exit 2).
    if (asked !== undefined) checkProvider(asked);
    if (unmapped && task === undefined) note(noMappingNote(view, false));
    const providers = view.providers.mapped ? "" : " and lists no inference providers (fetch it with ?expand[]=inferenceProviderMapping)";
    decision.missing = task === undefined ? `the record has no pipeline_tag${providers}` : `no inference call is written for task '${task}'`;
    return decision;
  }
  if (choices.stream && inferenceTasks[kind].request !== "chat") {
    decision.inapplicable = { stream: `only chat snippets stream, and ${view.id}'s task is ${task ?? kind}, which has none` };
  }
  // An endpoint is called as it is: no provider to choose.
  const choice =
    choices.endpointUrl === undefined
      ? providerChoiceOf(view, kind, asked)
      : { served: true as const, provider: asked ?? "hf-inference", routeProvider: undefined, notes: [] };
  for (const text of choice.notes) note(text);
  if (!choice.served) {
    if (unmapped) decision.notes.unshift({ text: noMappingNote(view, false), shown: "always" });
    decision.missing = choice.reason;
    return decision;
  }
  decision.call = { provider: choice.provider, routeProvider: choice.routeProvider };
  // The provider the choice settled on is checked here, the other options were above.
  const options = withProvider(checked, choice.provider, choice.routeProvider);
  const routerSuffix = "routerSuffix" in choice ? choice.routerSuffix : undefined;
  const { units, request } = inferenceUnitsOf(view, kind, { ...options, routerSuffix });
  decision.units = units;
  if (request !== undefined) decision.call.reads = callInputsOf(request);
  // hf-inference is named as assumed only where its code follows.
  if (unmapped) decision.notes.unshift({ text: noMappingNote(view, true), shown: "with-code" }, { text: noMappingNote(view, false), shown: "without-code" });
  decision.missingIfNone = `${noExampleMessage} (task '${task}')`;
  const file = inferenceTasks[kind].file;
  if (file) decision.notes.push({ text: sampleFileNote(file), shown: "with-code", topic: "sample-file" });
  if (choices.endpointUrl !== undefined) decision.notes.push({ text: endpointTokenNote, shown: "with-code" });
  // Which variable holds the key: the provider's docs and huggingface.js name it differently.
  const keyNote = options.direct && choices.token === undefined ? keyVariableNote(choice.provider) : undefined;
  if (keyNote !== undefined) decision.notes.push({ text: keyNote, shown: "with-code" });
  return decision;
}
