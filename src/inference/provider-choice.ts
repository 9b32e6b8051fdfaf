import { autoProvider, defaultProvider, getProvider, hfInferenceLibraries, providerTaskOf, servesTask } from "../catalogue/providers.js";
import { ExitCode, UserError } from "../errors.js";
import { isLive, isLiveFor, type ProviderMappingEntry } from "../model/provider-mapping.js";
import type { ModelRecord } from "../model/record.js";
import type { RecordView } from "../model/view.js";
import { checkProvider } from "./options.js";
import { inferenceTasks, type InferenceKind } from "../catalogue/inference-kinds.js";

/** Which provider a record's inference snippets use, and why none when none. */
export type ProviderChoice =
  | {
      served: true;
      /** What the SDK clients name: `auto` (the router chooses), `hf-inference`, or the provider asked for. */
      provider: string;
      /** With `auto`: the first live provider of the mapping for the task, whose route raw HTTP clients post to. */
      routeProvider: string | undefined;
      /** Lines for the user (stderr): a provider asked for that the mapping shows as staging, or does not list. */
      notes: string[];
      /**
       * A chat call routed by the router to a provider the table does not know, named by the model's suffix
       * (`<id>:<provider>`): the code is the router's automatic chat with that model name.
       */
      routerSuffix?: string;
    }
  | { served: false; reason: string; notes: string[] };

/**
 * What to say when a record holds no mapping: that it lists no providers, how to fetch them, and whether
 * hf-inference was assumed (only where its code follows).
 */
export function noMappingNote(model: Pick<ModelRecord, "id">, hfInferenceAssumed: boolean): string {
  const consequence = hfInferenceAssumed ? "so hf-inference is assumed where it runs the model" : "so no inference call is written for it";
  return (
    `${model.id}: the record lists no inference providers (no inferenceProviderMapping), ${consequence}; ` +
    `fetch the record with ?expand[]=inferenceProviderMapping to use its live providers (see hub-snippets snippet --help)`
  );
}

/** Why a record without a mapping whose card says `inference: false` gets no call: one line. */
export function inferenceOptOutNote(model: Pick<ModelRecord, "id">): string {
  return `${model.id}: its card opts out of hosted inference (inference: false) and the record maps no provider, so no inference call is written for it`;
}

export { disabledModelNote } from "../model/hosting.js";

/** Whether the router can send the model's task to this mapping entry: live, a provider the table knows, serving it. */
function routable(entry: ProviderMappingEntry, kind: InferenceKind): boolean {
  if (!isLiveFor(entry, providerTaskOf(kind))) return false;
  const provider = getProvider(entry.provider);
  return provider !== undefined && provider.routerAllowed !== false && servesTask(provider, kind);
}

/** The mapping's entries that cannot serve the task, by why: for the one line that says why there is no call. */
function unservedSummary(entries: readonly ProviderMappingEntry[], kind: InferenceKind): string {
  if (entries.length === 0) return "its inferenceProviderMapping is empty";
  const described = entries.map((entry) => {
    if (!isLive(entry)) return `${entry.provider} (${entry.status})`;
    if (!getProvider(entry.provider)) return `${entry.provider} (a provider this tool does not know)`;
    return `${entry.provider} (serves ${entry.task ?? "another task"}, not ${providerTaskOf(kind)})`;
  });
  return `no live provider serves it: ${described.join(", ")}`;
}

/** A repository of GGUF or MLX files: it runs locally, and no provider serves it. */
export function runsOnlyLocally(view: RecordView): boolean {
  return view.gguf.repository || view.library === "mlx";
}

/** The libraries hf-inference runs: a record without a mapping is assumed to be served there only for these. */
function hfInferenceRuns(view: RecordView, kind: InferenceKind): boolean {
  if (!inferenceTasks[kind].onHfInference || runsOnlyLocally(view)) return false;
  const library = view.library;
  return library === undefined || hfInferenceLibraries.includes(library);
}

/** Why a private model without a mapping gets no call, and what to do instead. */
function privateModelNote(model: Pick<ModelRecord, "id">): string {
  return (
    `${model.id} is private: no shared inference provider serves a private model, so no inference call is written; ` +
    `deploy it on a dedicated Inference Endpoint (https://endpoints.huggingface.co) and give its URL with --endpoint-url`
  );
}

/** Live entries for the task whose provider the table does not know: the router still reaches them for chat. */
function unknownLiveProviders(view: RecordView, kind: InferenceKind): string[] {
  return view.providers
    .liveFor(providerTaskOf(kind))
    .filter((entry) => getProvider(entry.provider) === undefined)
    .map((entry) => entry.provider);
}

const isChatKind = (kind: InferenceKind) => inferenceTasks[kind].request === "chat";

/** The line that says which live providers the table does not know, and what the code does about them. */
function unknownProvidersNote(model: Pick<ModelRecord, "id">, providers: readonly string[]): string {
  const which = providers.join(", ");
  return `${model.id}: its live providers ${which} are not known to this tool; the chat code lets the router choose among them (provider auto)`;
}

/** The default: the record's live providers through the router, or hf-inference for a record without a mapping that it runs. */
function chooseByRecord(view: RecordView, kind: InferenceKind): ProviderChoice {
  const { mapped, entries } = view.providers;
  if (!mapped && view.private) return { served: false, reason: privateModelNote(view), notes: [privateModelNote(view)] };
  if (!mapped) {
    if (view.inferenceOptOut) return { served: false, reason: inferenceOptOutNote(view), notes: [] };
    if (hfInferenceRuns(view, kind)) return { served: true, provider: defaultProvider, routeProvider: undefined, notes: [] };
    const library = view.library === undefined ? "" : ` (${view.library})`;
    return {
      served: false,
      reason: `the record lists no providers, and hf-inference does not run this kind of model${library} for ${providerTaskOf(kind)}`,
      notes: [],
    };
  }
  const serving = entries.filter((entry) => routable(entry, kind));
  const first = serving[0];
  if (first === undefined) {
    // For chat the router picks the provider itself: live providers the table does not know still answer.
    const unknown = unknownLiveProviders(view, kind);
    if (isChatKind(kind) && unknown.length > 0)
      return { served: true, provider: autoProvider, routeProvider: undefined, notes: [unknownProvidersNote(view, unknown)] };
    const reason = unservedSummary(entries, kind);
    return { served: false, reason, notes: unknown.length > 0 ? [`${view.id}: no inference call: ${reason}`] : [] };
  }
  // For chat the router chooses among the live providers. For the other tasks the SDKs resolve `auto` themselves,
  // to the mapping's first entry whatever its status: when that is not the first live provider, the code names it.
  const sdksPickIt = isChatKind(kind) || entries[0]?.provider === first.provider;
  return sdksPickIt
    ? { served: true, provider: autoProvider, routeProvider: first.provider, notes: [] }
    : { served: true, provider: first.provider, routeProvider: undefined, notes: [] };
}

/** A provider asked for by name: an erroring entry is refused (exit 1), a staging or missing one is used with a warning. */
function chooseAsked(view: RecordView, kind: InferenceKind, asked: string): ProviderChoice {
  refuseUnhosted(view, asked);
  const choice = chooseAskedOf(view, kind, asked);
  // Asked for by name, the call is written; a card that opts out of hosted inference, with no mapping, says it may not answer.
  if (choice.served && view.inferenceOptOut && !view.providers.mapped) {
    const note = `${view.id}: its card opts out of hosted inference (inference: false) and the record maps no provider: --provider ${asked} may not serve it`;
    choice.notes.push(note);
  }
  return choice;
}

/** A provider the record's mapping shows in error, known to this tool or not: refused by name, with the reason (exit 1). */
function refuseErroring(view: RecordView, asked: string): void {
  const entry = view.providers.entries.find((candidate) => candidate.provider === asked);
  if (entry?.status === "error") {
    throw new UserError(
      `${view.id}: provider '${asked}' reports an error for this model (status "error" in its inferenceProviderMapping); calls to it fail`,
      ExitCode.noMatch,
    );
  }
}

function chooseAskedOf(view: RecordView, kind: InferenceKind, asked: string): ProviderChoice {
  refuseErroring(view, asked);
  if (asked !== autoProvider && asked !== defaultProvider && getProvider(asked) === undefined) return chooseUnknown(view, kind, asked);
  if (asked === autoProvider) {
    const byRecord = chooseByRecord(view, kind);
    // Without a mapping, auto still lets the router choose; with one that serves nothing, the router has no choice.
    if (!byRecord.served && view.providers.mapped) throw new UserError(`${view.id}: --provider auto: ${byRecord.reason}`, ExitCode.noMatch);
    return { served: true, provider: autoProvider, routeProvider: byRecord.served ? byRecord.routeProvider : undefined, notes: [] };
  }
  const notes: string[] = [];
  if (view.providers.mapped) {
    const entry = view.providers.entries.find((candidate) => candidate.provider === asked);
    if (entry === undefined) notes.push(`${view.id}: the record's inferenceProviderMapping does not list '${asked}'; the router may answer 404`);
    else if (!isLive(entry)) notes.push(`${view.id}: provider '${asked}' is in ${entry.status} for this model, not live: it may not answer yet`);
  }
  return { served: true, provider: asked, routeProvider: undefined, notes };
}

/**
 * A provider the table does not know, asked for by name: for chat, where the record maps it live, the router's
 * automatic chat reaches it by the model's suffix (`<id>:<provider>`); anything else is refused as an unknown id.
 */
function chooseUnknown(view: RecordView, kind: InferenceKind, asked: string): ProviderChoice {
  const mapped = unknownLiveProviders(view, kind).includes(asked);
  if (mapped && isChatKind(kind)) {
    const note = `${view.id}: provider '${asked}' is not known to this tool; the code reaches it through the router's chat route as ${view.id}:${asked}`;
    return { served: true, provider: autoProvider, routeProvider: undefined, notes: [note], routerSuffix: asked };
  }
  // Mapped but not live (staging): the router reaches it by no route, whatever this tool knows of it (exit 1, the reason).
  const entry = view.providers.entries.find((candidate) => candidate.provider === asked);
  if (entry !== undefined && !isLive(entry)) {
    const live = [...new Set(view.providers.liveFor(providerTaskOf(kind)).map((candidate) => candidate.provider))];
    throw new UserError(
      `${view.id}: provider '${asked}' is in ${entry.status} for this model (its inferenceProviderMapping), not live, and not known to this tool: no call reaches it yet; ${live.length > 0 ? `live: ${live.join(", ")}` : "no provider is live for it"}`,
      ExitCode.noMatch,
    );
  }
  const why = mapped ? `the record maps it live, but this tool writes calls to providers it does not know only for chat, through the router` : "";
  try {
    checkProvider(asked);
  } catch (error) {
    if (error instanceof UserError && why !== "") throw new UserError(`${error.message} (${why})`, error.exitCode);
    throw error;
  }
  return { served: false, reason: why, notes: [] };
}

/** What the model's record says no provider serves (a private model, a GGUF or MLX repository): refused by name too (exit 1). */
function refuseUnhosted(view: RecordView, asked: string): void {
  if (view.providers.live.length > 0) return;
  if (runsOnlyLocally(view)) {
    const format = view.gguf.repository ? "GGUF" : "MLX";
    throw new UserError(
      `${view.id}: --provider ${asked}: no provider serves a ${format} repository, and its record maps none; run it in a local app (hub-snippets apps list --model <file>, then snippet <file> --app <key>)`,
      ExitCode.noMatch,
    );
  }
  if (view.private && !view.providers.mapped) throw new UserError(`--provider ${asked}: ${privateModelNote(view)}`, ExitCode.noMatch);
}

/**
 * The providers `--provider <id>` accepts for a record read into its view, in its mapping's order (live entries for
 * its task that the table knows, and for chat those it does not know), and the live ones it refuses (not known, not chat).
 */
export function namedLiveProviders(view: RecordView): { accepted: string[]; unknown: string[] } {
  const kind = view.kind;
  const live = view.providers.live.map((entry) => entry.provider);
  const reachedForChat = kind !== undefined && isChatKind(kind) ? unknownLiveProviders(view, kind) : [];
  const accepted = live.filter((provider) => provider === defaultProvider || getProvider(provider) !== undefined || reachedForChat.includes(provider));
  return { accepted, unknown: live.filter((provider) => !accepted.includes(provider)) };
}

/** chooseProvider, of a record's view. */
export function providerChoiceOf(view: RecordView, kind: InferenceKind, asked: string | undefined): ProviderChoice {
  return asked === undefined ? chooseByRecord(view, kind) : chooseAsked(view, kind, asked);
}
