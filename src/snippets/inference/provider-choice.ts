import { autoProvider, defaultProvider, getProvider, hfInferenceLibraries, providerTaskOf, servesTask } from "../../catalogue/providers.js";
import { ExitCode, UserError } from "../../errors.js";
import { isGgufRepository } from "../../model/gguf.js";
import { hasProviderMapping, isLive, providerMappingOf, type ProviderMappingEntry } from "../../model/provider-mapping.js";
import type { ModelRecord } from "../../model/record.js";
import { inferenceTasks, type InferenceKind } from "./tasks.js";

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
    }
  | { served: false; reason: string; notes: string[] };

/** What to say when a record holds no mapping: that it lists no providers, and how to fetch them. */
export function noMappingNote(model: ModelRecord): string {
  return (
    `${model.id}: the record lists no inference providers (no inferenceProviderMapping), so hf-inference is assumed where it runs the model; ` +
    `fetch the record with ?expand[]=inferenceProviderMapping to use its live providers (see hub-snippets snippet --help)`
  );
}

/** Whether the router can send the model's task to this mapping entry: live, a provider the table knows, serving it. */
function routable(entry: ProviderMappingEntry, kind: InferenceKind): boolean {
  if (!isLive(entry)) return false;
  if (entry.task !== undefined && entry.task !== providerTaskOf(kind)) return false;
  const provider = getProvider(entry.provider);
  return provider !== undefined && provider.routerAllowed !== false && servesTask(provider, kind);
}

/** The mapping's entries that cannot serve the task, by why: for the one line that says why there is no call. */
function unservedSummary(entries: ProviderMappingEntry[], kind: InferenceKind): string {
  if (entries.length === 0) return "its inferenceProviderMapping is empty";
  const described = entries.map((entry) => {
    if (!isLive(entry)) return `${entry.provider} (${entry.status})`;
    if (!getProvider(entry.provider)) return `${entry.provider} (a provider this tool does not know)`;
    return `${entry.provider} (serves ${entry.task ?? "another task"}, not ${providerTaskOf(kind)})`;
  });
  return `no live provider serves it: ${described.join(", ")}`;
}

/** A repository of GGUF or MLX files: it runs locally, and no provider serves it. */
export function runsOnlyLocally(model: ModelRecord): boolean {
  return isGgufRepository(model) || model.library_name === "mlx";
}

/** The libraries hf-inference runs: a record without a mapping is assumed to be served there only for these. */
function hfInferenceRuns(model: ModelRecord, kind: InferenceKind): boolean {
  if (!inferenceTasks[kind].onHfInference || runsOnlyLocally(model)) return false;
  const library = model.library_name;
  return library === undefined || hfInferenceLibraries.includes(library);
}

/** The default: the record's live providers through the router, or hf-inference for a record without a mapping that it runs. */
function chooseByRecord(model: ModelRecord, kind: InferenceKind): ProviderChoice {
  if (!hasProviderMapping(model)) {
    if (hfInferenceRuns(model, kind)) return { served: true, provider: defaultProvider, routeProvider: undefined, notes: [] };
    const library = model.library_name === undefined ? "" : ` (${model.library_name})`;
    return { served: false, reason: `the record lists no providers, and hf-inference does not run this kind of model${library} for ${providerTaskOf(kind)}`, notes: [] };
  }
  const entries = providerMappingOf(model);
  const serving = entries.filter((entry) => routable(entry, kind));
  const first = serving[0];
  if (first === undefined) return { served: false, reason: unservedSummary(entries, kind), notes: [] };
  // For chat the router chooses among the live providers. For the other tasks the SDKs resolve `auto` themselves,
  // to the mapping's first entry whatever its status: when that is not the first live provider, the code names it.
  const sdksPickIt = inferenceTasks[kind].request === "chat" || entries[0]?.provider === first.provider;
  return sdksPickIt
    ? { served: true, provider: autoProvider, routeProvider: first.provider, notes: [] }
    : { served: true, provider: first.provider, routeProvider: undefined, notes: [] };
}

/** A provider asked for by name: an erroring entry is refused (exit 1), a staging or missing one is used with a warning. */
function chooseAsked(model: ModelRecord, kind: InferenceKind, asked: string): ProviderChoice {
  if (asked === autoProvider) {
    const byRecord = chooseByRecord(model, kind);
    // Without a mapping, auto still lets the router choose; with one that serves nothing, the router has no choice.
    if (!byRecord.served && hasProviderMapping(model)) throw new UserError(`${model.id}: --provider auto: ${byRecord.reason}`, ExitCode.noMatch);
    return { served: true, provider: autoProvider, routeProvider: byRecord.served ? byRecord.routeProvider : undefined, notes: [] };
  }
  const notes: string[] = [];
  if (hasProviderMapping(model)) {
    const entry = providerMappingOf(model).find((candidate) => candidate.provider === asked);
    if (entry?.status === "error") {
      throw new UserError(`${model.id}: provider '${asked}' reports an error for this model (status "error" in its inferenceProviderMapping); calls to it fail`, ExitCode.noMatch);
    }
    if (entry === undefined) notes.push(`${model.id}: the record's inferenceProviderMapping does not list '${asked}'; the router may answer 404`);
    else if (!isLive(entry)) notes.push(`${model.id}: provider '${asked}' is in ${entry.status} for this model, not live: it may not answer yet`);
  }
  return { served: true, provider: asked, routeProvider: undefined, notes };
}

/**
 * The provider of a record's inference snippets: the one asked for (`--provider`), else what the record says
 * serves it. The default is `auto`, as in the Hub's SDKs: the router picks among the live providers of the mapping.
 */
export function chooseProvider(model: ModelRecord, kind: InferenceKind, asked: string | undefined): ProviderChoice {
  return asked === undefined ? chooseByRecord(model, kind) : chooseAsked(model, kind, asked);
}
