import { chatFeatureOf, chatFeatureTable, type ChatFeature } from "../catalogue/chat-features.js";
import { getProvider, providerTaskOf } from "../catalogue/providers.js";
import { ExitCode, UserError } from "../errors.js";
import type { RecordView } from "../model/view.js";
import { inferenceTasks, type InferenceKind } from "../catalogue/inference-kinds.js";

/** How the messages name a feature: its option, and what a provider takes. */
const wording: Record<ChatFeature, { option: string; what: string; short: string }> = {
  "structured-output": { option: "--json-schema", what: "a JSON schema", short: "a schema" },
  "tool-calling": { option: "--tools", what: "tools", short: "tools" },
};

/** Why a provider's chat route is not known to take the feature, from its table in data/. */
function whyNot(feature: ChatFeature, provider: string): string | undefined {
  const row = chatFeatureOf(feature, provider);
  if (row?.supported === true) return undefined;
  if (row !== undefined) return `${provider}: ${row.why ?? `no ${wording[feature].what}`} (${row.source})`;
  return `${provider}: no page read says it takes ${wording[feature].what} (data/${feature}.json)`;
}

function supporting(feature: ChatFeature): string[] {
  return chatFeatureTable(feature)
    .providers.filter((row) => row.supported)
    .map((row) => row.id);
}

/** Options that decide where a call asking for a chat feature can go. */
interface ChatFeatureAsked {
  provider: string | undefined;
  policy: string | undefined;
  endpointUrl: string | undefined;
  stream: boolean | undefined;
}

/**
 * Where a chat call asking for a feature (a JSON answer, tool calls) can go: to a provider its table in data/ says
 * takes it. The answer is the provider to name instead of the router's choice (the first live provider that takes
 * it, when the router could pick one that does not), with a note; a UserError (exit 2) gives the reason otherwise.
 */
export function chatFeatureChoice(
  view: RecordView,
  kind: InferenceKind,
  asked: ChatFeatureAsked,
  feature: ChatFeature,
): { provider: string | undefined; note: string | undefined } {
  const { option, what, short } = wording[feature];
  if (inferenceTasks[kind].request !== "chat")
    throw new UserError(`${option} applies to chat completions only; ${view.id}'s inference task is ${kind}: drop ${option}`, ExitCode.noMatch);
  if (asked.stream) throw new UserError(`${option} reads the whole answer: drop --stream`);
  if (asked.endpointUrl !== undefined)
    throw new UserError(`${option} is written for the providers data/${feature}.json lists; an endpoint's server is not one: drop one of them`);
  if (asked.provider !== undefined && asked.provider !== "auto") {
    const why = whyNot(feature, asked.provider);
    if (why !== undefined) throw new UserError(`${option}: ${why}; providers that take ${short}: ${supporting(feature).join(", ")}`, ExitCode.noMatch);
    return { provider: asked.provider, note: undefined };
  }
  const task = providerTaskOf(kind);
  const live = [...new Set(view.providers.liveFor(task).map((entry) => entry.provider))];
  if (live.length === 0)
    throw new UserError(
      `${option}: ${view.id} has no live chat provider to send it to (give --provider <id> of one that takes ${short}: ${supporting(feature).join(", ")})`,
      ExitCode.noMatch,
    );
  const refusing = live.map((provider) => ({ provider, why: whyNot(feature, provider) }));
  const taking = refusing.filter((item) => item.why === undefined).map((item) => item.provider);
  if (taking.length === 0)
    throw new UserError(
      `${option}: none of ${view.id}'s live providers is known to take ${what}: ${refusing.map((item) => item.why).join("; ")}`,
      ExitCode.noMatch,
    );
  if (taking.length === live.length) return { provider: undefined, note: undefined };
  const others = refusing.filter((item) => item.why !== undefined).map((item) => item.provider);
  if (asked.policy !== undefined) {
    throw new UserError(
      `${option} with --policy: the router could choose ${others.join(", ")}, not known to take ${what}; drop --policy (the code then names ${taking[0]})`,
    );
  }
  const first = taking[0] as string;
  const note = `${view.id}: the code names ${first}, the first of its live providers known to take ${what} (the router could choose ${others.join(", ")}, which are not)`;
  return { provider: getProvider(first) === undefined ? undefined : first, note };
}
