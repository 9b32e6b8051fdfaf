import { isGgufModelIn } from "../model/formats.js";
import { refusingUnsendable } from "../validation/unsendable-field.js";
import { getProvider, providersForTask, servesTask } from "../catalogue/providers.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import { modelsAppsRun } from "../catalogue/apps.js";
import type { ModelRecord } from "../model/record.js";
import { fetchFullRecordForApps } from "../model/says-its-kind.js";
import { recordView, type RecordView } from "../model/view.js";
import { UserError } from "../errors.js";
import type { ModelChoices } from "./answer.js";
import { codeUnit, type CodeUnit, type Snippet } from "../code/snippet.js";
import { decideInference, type InferenceDecision } from "./decide-inference.js";
import type { CallOptions } from "../inference/options.js";
import { appsRunningIn, appsWriter, shortlistFor } from "../apps/snippets.js";
import { appRepositoryOf, chooseAmongQuants } from "../weights/gguf-choice.js";
import { disabledModelNote, namedLiveProviders, providerChoiceOf } from "../inference/provider-choice.js";
import { hasLibraryRecipe } from "../libraries/recipe-keys.js";
import { librarySnippetsOf } from "../libraries/snippets.js";
import { parseMemorySize, type MemoryFit } from "../weights/memory-fit.js";
import { weightBytes } from "../weights/weight-bytes.js";

/*
 * What runs a model, decided once from its record's view and the choices (src/model-answer/answer.ts), with no filter and
 * no face: each kind's code as units written when shown, why a kind has none, the notes, the provider the calls use
 * and the others a choice could name, the GGUF quantization the apps run, the weights the loading code reads. Each
 * part is decided when first read and kept; a part whose choice the record refuses throws its UserError when read.
 * Answers (src/model-answer/filter.ts) and faces (the CLI, the browser, the notebook) read it and decide nothing.
 */

/** The loading code of the model's own library. */
interface LibraryDecision {
  /** The library whose code the model gets (llama-cpp-python for GGUF files), whether or not it has a recipe. */
  key: string | undefined;
  /** Why there is none: no library named, or no recipe for it. */
  missing?: string;
  units: CodeUnit[];
}

/** The local apps that run the model. */
interface AppsDecision {
  /** The apps with a recipe a default answer shows (the shortlist's), and the others that run the model. */
  shown: string[];
  others: string[];
  /** Every app of the catalogue that runs the model, with a recipe or not (what `apps list --model` lists). */
  running: string[];
  /** Why no app runs it. */
  missing?: string;
  /** The snippets of these apps, in the catalogue's order (a memory no quantization fits throws here). */
  write: (apps: readonly string[]) => Snippet[];
}

/** The GGUF quantization the local apps run (llama.cpp's choice), for the memory chosen or by default. */
export interface QuantChoice {
  /** The label the apps run. */
  chosen: string;
  /** The other labels the repository offers, biggest first. */
  others: string[];
  /** With a memory: how the chosen quantization fits it (its bytes, the margin for the context, whether estimated). */
  fit: MemoryFit | undefined;
}

export interface ModelDecision {
  readonly view: RecordView;
  readonly choices: ModelChoices;
  /** Why nothing at all is written for this model, whatever the choices (a model the Hub has disabled). */
  readonly refused: string | undefined;
  /** The record's live providers, when it carries a mapping: those a choice may name, and the live ones refused by name. */
  readonly liveProviders: { accepted: string[]; unknown: string[] } | undefined;
  inference(): InferenceDecision;
  library(): LibraryDecision;
  apps(): AppsDecision;
  /**
   * The providers a choice may name for the task, the decided one first: with a mapping, `auto` and the record's live
   * providers that serve its task; without one, every provider of the task. Empty when no provider serves the model.
   */
  providersOffered(): string[];
  /** Whether the calls can stream: a chat model's. */
  streams(): boolean;
  /** Whether a provider policy can apply: a chat model with a live chat provider to choose among. */
  policyApplies(): boolean;
  /** The apps' GGUF quantization for the memory chosen (undefined when no file name carries one, or none fits). */
  quant(): QuantChoice | undefined;
  /** The same, with no memory chosen. */
  quantByDefault(): QuantChoice | undefined;
  /** The bytes of the weights the loading code reads, as far as the record tells (for a GGUF repository, the quantization it loads). */
  weights(): number | undefined;
}

/** A function whose value is computed on the first call and kept (a throw is thrown again at each call). */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

function decideLibrary(view: RecordView): LibraryDecision {
  const key = view.libraryKey;
  if (!hasLibraryRecipe(key))
    return { key, missing: key === undefined ? "the record names no library (library_name)" : `no loading recipe for '${key}' yet`, units: [] };
  return { key, units: [codeUnit(key, undefined, () => librarySnippetsOf(view), view.record)] };
}

function decideApps(view: RecordView, memory: string | number | undefined): AppsDecision {
  const { shown, others } = shortlistFor(view.formats, view);
  const running = appsRunningIn(view).map((app) => app.key);
  const writer = appsWriter(view, { memory });
  // Refused where written, as a unit's code is (codeUnit).
  const write = (apps: readonly string[]) => refusingUnsendable(view.record, () => writer(apps));
  if (shown.length + others.length > 0) return { shown, others, running, write };
  const missing = !view.saysItsKind ? fetchFullRecordForApps(view) : `no local app runs this kind of model (apps run ${modelsAppsRun()})`;
  return { shown, others, running, missing, write };
}

function providersOffered(view: RecordView): string[] {
  const kind = view.kind;
  if (kind === undefined) return [];
  const decided = providerChoiceOf(view, kind, undefined);
  if (!decided.served) return [];
  const serves = (id: string) => {
    const provider = getProvider(id);
    return provider !== undefined && servesTask(provider, kind);
  };
  const others = view.providers.mapped ? ["auto", ...view.providers.live.map((entry) => entry.provider).filter(serves)] : providersForTask(kind);
  return [...new Set([decided.provider, ...others])];
}

const isChat = (view: RecordView): boolean => view.kind !== undefined && inferenceTasks[view.kind].request === "chat";

function policyApplies(view: RecordView): boolean {
  if (!isChat(view)) return false;
  return view.providers.liveFor("conversational").length > 0;
}

/** The quantization for the memory (or the default): undefined when no file name carries one, or none fits. */
function quantFor(view: RecordView, memory: string | number | undefined): QuantChoice | undefined {
  if (!isGgufModelIn(view.formats)) return undefined;
  try {
    const bytes = typeof memory === "string" ? parseMemorySize(memory) : memory;
    // The apps' choice, llama.cpp's rule: the projector its -hf fetches counts in the fit.
    const { chosen, others, fit } = chooseAmongQuants(appRepositoryOf(view), view.gguf.quants, { memory: bytes });
    return chosen === undefined ? undefined : { chosen, others, fit };
  } catch (error) {
    // A memory no quantization fits: the apps' snippets say so when written.
    if (error instanceof UserError) return undefined;
    throw error;
  }
}

/** The decision of a record's view, for the choices. */
export function decideView(view: RecordView, choices: ModelChoices = {}, checked?: CallOptions): ModelDecision {
  const quantByDefault = once(() => quantFor(view, undefined));
  return {
    view,
    choices,
    refused: view.disabled ? disabledModelNote(view) : undefined,
    liveProviders: view.providers.mapped ? namedLiveProviders(view) : undefined,
    inference: once(() => decideInference(view, choices, checked)),
    library: once(() => decideLibrary(view)),
    apps: once(() => decideApps(view, choices.memory)),
    providersOffered: once(() => providersOffered(view)),
    streams: () => isChat(view),
    policyApplies: once(() => policyApplies(view)),
    quant: choices.memory === undefined ? quantByDefault : once(() => quantFor(view, choices.memory)),
    quantByDefault,
    weights: once(() => weightBytes(view)),
  };
}

/** What runs a model, decided from its record (read once, into its view) and the choices (`checked` when the caller checked them). */
export function decideModel(model: ModelRecord, choices: ModelChoices = {}, checked?: CallOptions): ModelDecision {
  return decideView(recordView(model), choices, checked);
}
