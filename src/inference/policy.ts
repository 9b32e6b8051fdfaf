import { getProvider, providerTaskOf } from "../catalogue/providers.js";
import { ExitCode, UserError } from "../errors.js";
import type { RecordView } from "../model/view.js";
import { terminalControls } from "../values/terminal-controls.js";
import { inferenceTasks, type InferenceKind } from "../catalogue/inference-kinds.js";
import { unknownIdError } from "../catalogue/nearest.js";

/**
 * The router's provider policies: a chat request whose model is `<id>:<policy>` goes to the provider the policy picks
 * among the model's live providers (`fastest` is what the router does with a bare id). Read from the router's guide
 * (https://huggingface.co/docs/inference-providers, "Provider selection"); huggingface_hub 2.0 and
 * @huggingface/inference 4.13.30 send such a model name to the router's chat route unchanged with provider `auto`.
 */
export const policies = ["fastest", "cheapest", "preferred"] as const;
export type Policy = (typeof policies)[number];

/** What each policy picks, as the note says it. */
const policyMeaning: Record<Policy, string> = {
  fastest: "the router sends each request to the provider with the highest throughput for the model at the time (its default)",
  cheapest: "the router sends each request to the provider with the lowest price per output token for the model",
  preferred: "the router sends each request to the first of the model's providers in your order at https://hf.co/settings/inference-providers",
};

/** A policy as given (the CLI's text, or the library's option): one of `policies`, else an unknown id (exit 1). */
export function checkPolicy(value: string | undefined): Policy | undefined {
  if (value === undefined) return undefined;
  if ((policies as readonly string[]).includes(value)) return value as Policy;
  throw unknownIdError("policy", value.replace(terminalControls, "?"), policies, `one of: ${policies.join(", ")}`);
}

/** Options that name where the call goes: a policy lets the router choose, so none of them can come with it. */
interface PolicyConflicts {
  provider?: string | boolean | undefined;
  direct?: boolean | undefined;
  endpointUrl?: string | undefined;
}

/** A UserError (exit 2) naming the option to drop when a policy comes with an option that names the provider or endpoint. */
export function checkPolicyConflicts(policy: string | undefined, asked: PolicyConflicts): void {
  if (policy === undefined) return;
  if (asked.endpointUrl !== undefined)
    throw new UserError("--policy asks the router to choose a provider; --endpoint-url calls one endpoint: drop one of them");
  if (asked.direct === true)
    throw new UserError(
      "--policy asks the router to choose a provider; --direct calls one provider with its own key: drop --direct and --provider, or drop --policy",
    );
  if (asked.provider !== undefined && asked.provider !== false) {
    const named = typeof asked.provider === "string" ? ` ${asked.provider.replace(terminalControls, "?")}` : "";
    throw new UserError(
      `--policy lets the router choose among the model's providers; --provider${named} names one: drop --provider (or drop --policy to call that provider)`,
    );
  }
}

/**
 * Where a policy applies to a record's call: a chat call (the router's `/v1/chat/completions` route, which reads the
 * model's suffix) of a record whose mapping holds live chat providers. The note says what the policy does and among
 * which providers; a UserError (exit 1: the record has nothing for the option) says why it does not apply.
 */
export function policyNote(view: RecordView, kind: InferenceKind, policy: Policy): string {
  if (inferenceTasks[kind].request !== "chat") {
    throw new UserError(
      `--policy applies to chat completions only (the router's chat route reads the model's :${policy} suffix); ${view.id}'s inference task is ${kind}: drop --policy`,
      ExitCode.noMatch,
    );
  }
  const task = providerTaskOf(kind);
  const live = view.providers.liveFor(task);
  if (live.length === 0) {
    const why = view.providers.mapped
      ? "its inferenceProviderMapping has no live provider for chat"
      : "the record lists no inference providers (fetch it with ?expand[]=inferenceProviderMapping)";
    throw new UserError(`--policy ${policy}: ${view.id} has no live provider to choose among: ${why}; drop --policy`, ExitCode.noMatch);
  }
  const names = [
    ...new Set(
      live.map((entry) =>
        getProvider(entry.provider) === undefined ? `${entry.provider} (not known to this tool, reached through the router)` : entry.provider,
      ),
    ),
  ];
  return `${view.id}:${policy}: ${policyMeaning[policy]}, among its live providers: ${names.join(", ")}`;
}
