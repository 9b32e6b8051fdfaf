import { ExitCode, UserError } from "../errors.js";
import type { InferenceKind } from "../catalogue/inference-kinds.js";
import type { RecordView } from "../model/view.js";
import { chatFeatureChoice } from "./chat-feature-choice.js";
import { checkPolicyConflicts, policyNote, type Policy } from "./policy.js";

/** The options a chat option's choice reads: where the call goes, and the feature asked for. */
interface ChatOptionsAsked {
  provider?: string;
  direct?: boolean;
  endpointUrl?: string;
  stream?: boolean;
  jsonSchema?: unknown;
  tools?: unknown;
}

/**
 * What the chat options decide of a call, for the decision and for getInferenceSnippets alike: a policy (checked,
 * as checkCallOptions returns it) must come alone and needs a chat task with a live provider; structured output or
 * tools need a provider that takes them, the one named or the first live one. Returns the provider a feature
 * chose (undefined: the one asked for, or the router's) and the notes; throws the UserError of a choice the
 * record refuses, exit 1 where the record has nothing for the option.
 */
export function chatOptionsChoice(
  view: RecordView,
  kind: InferenceKind | undefined,
  asked: ChatOptionsAsked,
  policy: Policy | undefined,
): { provider: string | undefined; notes: string[] } {
  const notes: string[] = [];
  if (policy !== undefined) {
    checkPolicyConflicts(policy, asked);
    if (kind === undefined) throw new UserError(`--policy applies to chat completions only; ${view.id} has no inference task: drop --policy`, ExitCode.noMatch);
    notes.push(policyNote(view, kind, policy));
  }
  const feature = asked.jsonSchema !== undefined ? "structured-output" : asked.tools !== undefined ? "tool-calling" : undefined;
  if (feature === undefined) return { provider: undefined, notes };
  const option = feature === "structured-output" ? "--json-schema" : "--tools";
  if (kind === undefined) throw new UserError(`${option} applies to chat completions only; ${view.id} has no inference task: drop ${option}`, ExitCode.noMatch);
  const chosen = chatFeatureChoice(view, kind, { provider: asked.provider, policy, endpointUrl: asked.endpointUrl, stream: asked.stream }, feature);
  if (chosen.note !== undefined) notes.push(chosen.note);
  return { provider: chosen.provider, notes };
}
