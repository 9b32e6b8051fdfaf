import type { ModelRecord } from "../model/record.js";
import { fetchFullRecordForApps } from "../model/says-its-kind.js";
import { recordView, type RecordView } from "../model/view.js";
import { getApp, listApps, modelsAppsRun } from "../catalogue/apps.js";
import { getProvider } from "../catalogue/providers.js";
import { appRunsView, appSnippetsOf, hasAppRecipe, shortlistFor } from "./apps/snippets.js";
import type { Snippet } from "./clients.js";
import { checkOptions, checkProvider, type InferenceSnippetOptions } from "./inference/options.js";
import { disabledModelNote, inferenceOptOutNote, namedLiveProviders, noMappingNote, providerChoiceOf, runsOnlyLocally } from "./inference/provider-choice.js";
import { noExampleMessage } from "./inference/request.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import { inputNotes } from "./inference/input-notes.js";
import { checkPolicy, checkPolicyConflicts, policyNote } from "./inference/policy.js";
import { chatFeatureChoice } from "./inference/chat-feature-choice.js";
import { callInputsOf, inferenceCallOf, type CallInputs } from "./inference/snippets.js";
import { hasLibraryRecipe, libraryClientAliases } from "./libraries/recipe-keys.js";
import { librarySnippetsOf } from "./libraries/snippets.js";
import { refusingUnsendable } from "../validation/unsendable-field.js";
import { modelNotebookOf } from "../notebook/model-notebook.js";
import type { Notebook } from "../notebook/notebook.js";
import { UserError } from "../errors.js";
import { pageFactsOf, type PageFacts } from "./page-facts.js";
import { deployTargetsFor } from "../deploy/targets.js";

/** The kinds of snippet, in the order a model's answer lists them. */
export const snippetKinds = ["inference", "library", "app"] as const;
export type SnippetKind = (typeof snippetKinds)[number];

/** A snippet and its kind: an inference call (client: the HTTP client or SDK), loading code (the library), an app's commands (the app). */
export interface ModelSnippet extends Snippet {
  kind: SnippetKind;
}

export interface ModelSnippetOptions extends Omit<InferenceSnippetOptions, "routeProvider"> {
  /** Only snippets in this language. */
  language?: string;
  /** Only snippets of this client, library or app. */
  client?: string;
  /** Only this kind (what the CLI's --provider, --library and --app ask for). */
  kind?: SnippetKind;
  /** Only this app's snippets (the kind is then `app`). */
  app?: string;
  /** Every app that runs the model, rather than the shortlist (an `app` asked for is always shown). */
  allApps?: boolean;
  /** With apps that name a GGUF quantization: the biggest that fits this memory (`16GB`, `24GiB`, or bytes). */
  memory?: string | number;
  /** Also write the answer's Python snippets as a Jupyter notebook (`notebook` of the answer). */
  notebook?: boolean;
  /**
   * The answer a page of toggles shows (the browser's model page): its `page` facts; every app that runs the model,
   * the default answer's apps first (`otherApps` still names the others); a kind that fails for the options (a
   * memory no quantization fits) reported in `page.failed` rather than thrown; and with no provider asked, the
   * first of `page.providers` asked by name, where the page's toggle starts. The facts cost a provider choice and a
   * quantization choice more than a plain answer: only a page asks for them.
   */
  page?: boolean;
  /** Also say which deploy targets serve the model (`deployTargets`): what the CLI's default answer names in one line. */
  deployHint?: boolean;
}

/** The answer to "how do I use this model": the snippets, and what the user should know about them. */
export interface ModelSnippets {
  snippets: ModelSnippet[];
  /** Lines for the user beside the code: a record without providers, a provider asked for that is not live. */
  notes: string[];
  /** For each kind that has no snippet, why (an inference task no provider serves, a library without a recipe). */
  missing: Partial<Record<SnippetKind, string>>;
  /**
   * The provider the inference snippets use (`auto`: the router chooses), the route raw HTTP calls post to, and what
   * the calls read where they run (their token's environment variable, the sample file they send).
   */
  inference?: { provider: string; routeProvider: string | undefined; reads?: CallInputs };
  /** Apps that run the model whose snippets were left out of a default answer (one `app` option away). */
  otherApps: string[];
  /** Why nothing at all is written for this model, whatever the options (a model the Hub has disabled). */
  refused?: string;
  /** With the `notebook` option: the snippets that belong in a notebook, as one (see src/notebook/). */
  notebook?: Notebook;
  /**
   * The record's live providers, when it carries an inferenceProviderMapping: those `provider` may name, and the live
   * ones refused by name (namedLiveProviders).
   */
  liveProviders?: { accepted: string[]; unknown: string[] };
  /** The library whose loading code the model gets (llama-cpp-python for GGUF files), whether or not it has a recipe. */
  libraryKey?: string;
  /** When a language or client filter left the answer empty (no app asked for): each kind's snippets without it, as `language/client`. */
  beforeFilter?: Partial<Record<SnippetKind, string[]>>;
  /**
   * When an app of the catalogue asked for wrote nothing: whether its formats run the model, the apps that run it
   * (with a recipe or not), and whether the record tells what kind of model it is (saysItsKind).
   */
  appAsked?: { runs: boolean; running: string[]; saysItsKind: boolean };
  /** With the `page` option, for a model not refused: what the page shows beside the snippets (src/snippets/page-facts.ts). */
  page?: PageFacts;
  /** With the `deployHint` option: the deploy targets whose code `--deploy` writes for the model (src/deploy/targets.ts). */
  deployTargets?: string[];
  /** Options asked for that change nothing for this record, and why: `stream` on a task other than chat. */
  inapplicable?: { stream?: string };
}

const wants = (options: ModelSnippetOptions, kind: SnippetKind) => (options.kind ?? (options.app !== undefined ? "app" : kind)) === kind;
const matches = (snippet: Snippet, options: ModelSnippetOptions) =>
  (options.language === undefined || snippet.language === options.language) && (options.client === undefined || snippet.client === options.client);

function addInference(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets): void {
  const { task, kind } = view;
  let asked = options.provider;
  const mapped = view.providers.mapped;
  const byRecord = !mapped && asked === undefined && options.endpointUrl === undefined;
  // A card that opts out of hosted inference says so in one line, whatever its task.
  if (byRecord && view.inferenceOptOut && !runsOnlyLocally(view)) answer.notes.push(inferenceOptOutNote(view));
  // No provider serves a repository of GGUF or MLX files, so its missing mapping is no news; a private model and an opted-out card have their own note.
  const unmapped = byRecord && !runsOnlyLocally(view) && !view.private && !view.inferenceOptOut;
  const policy = options.policy === undefined ? undefined : checkPolicy(options.policy);
  if (policy !== undefined) {
    checkPolicyConflicts(policy, options);
    if (kind === undefined) throw new UserError(`--policy applies to chat completions only; ${view.id} has no inference task: drop --policy`);
    answer.notes.push(policyNote(view, kind, policy));
  }
  const feature = options.jsonSchema !== undefined ? "structured-output" : options.tools !== undefined ? "tool-calling" : undefined;
  if (feature !== undefined) {
    const option = feature === "structured-output" ? "--json-schema" : "--tools";
    if (kind === undefined) throw new UserError(`${option} applies to chat completions only; ${view.id} has no inference task: drop ${option}`);
    const chosen = chatFeatureChoice(view, kind, { provider: asked, policy, endpointUrl: options.endpointUrl, stream: options.stream }, feature);
    if (chosen.note !== undefined) answer.notes.push(chosen.note);
    asked = chosen.provider ?? asked;
  }
  if (kind === undefined) {
    // A provider the table does not know is accepted only for chat: with no task, it is an unknown id (exit 2).
    if (asked !== undefined) checkProvider(asked);
    if (unmapped && task === undefined) answer.notes.push(noMappingNote(view, false));
    const providers = mapped ? "" : " and lists no inference providers (fetch it with ?expand[]=inferenceProviderMapping)";
    answer.missing.inference = task === undefined ? `the record has no pipeline_tag${providers}` : `no inference call is written for task '${task}'`;
    return;
  }
  if (options.stream && inferenceTasks[kind].request !== "chat") {
    answer.inapplicable = { stream: `only chat snippets stream, and ${view.id}'s task is ${task ?? kind}, which has none` };
  }
  // An endpoint is called as it is: no provider to choose.
  const choice =
    options.endpointUrl === undefined
      ? providerChoiceOf(view, kind, asked)
      : { served: true as const, provider: asked ?? "hf-inference", routeProvider: undefined, notes: [] };
  answer.notes.push(...choice.notes);
  if (!choice.served) {
    if (unmapped) answer.notes.unshift(noMappingNote(view, false));
    answer.missing.inference = choice.reason;
    return;
  }
  answer.inference = { provider: choice.provider, routeProvider: choice.routeProvider };
  // The options are checked once, here, with the provider the choice settled on.
  const checked = checkOptions({ ...options, provider: choice.provider, routeProvider: choice.routeProvider });
  const routerSuffix = "routerSuffix" in choice ? choice.routerSuffix : undefined;
  const filter = { language: options.language as Snippet["language"] | undefined, client: options.client };
  const { snippets, request } = inferenceCallOf(view, kind, { ...checked, routerSuffix }, filter);
  if (request !== undefined && snippets.length > 0) answer.inference.reads = callInputsOf(request);
  // hf-inference is named as assumed only where its code follows.
  if (unmapped) answer.notes.unshift(noMappingNote(view, snippets.length > 0));
  const filtered = options.language !== undefined || options.client !== undefined;
  if (snippets.length === 0 && !filtered) answer.missing.inference = `${noExampleMessage} (task '${task}')`;
  if (snippets.length > 0) answer.notes.push(...inputNotes(kind, options.endpointUrl));
  if (snippets.length > 0 && checked.direct && options.token === undefined) {
    // Which variable holds the key: the provider's docs and huggingface.js name it differently.
    const row = getProvider(choice.provider);
    if (row?.docsKeyEnv !== undefined)
      answer.notes.push(
        `the code reads ${row.label}'s key from ${row.docsKeyEnv} (the name ${row.label}'s docs use), else from ${row.apiKeyEnv} (huggingface.js's name)`,
      );
  }
  answer.snippets.push(...snippets.map((snippet) => ({ kind: "inference" as const, ...snippet })));
}

function addLibrary(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets): void {
  const key = view.libraryKey;
  if (!hasLibraryRecipe(key)) {
    answer.missing.library = key === undefined ? "the record names no library (library_name)" : `no loading recipe for '${key}' yet`;
    return;
  }
  // A client that is not this library's key cannot match: its generator need not load.
  if (options.client !== undefined && options.client !== key) return;
  const snippets = librarySnippetsOf(view);
  answer.snippets.push(...snippets.filter((snippet) => matches(snippet, options)).map((snippet) => ({ kind: "library" as const, ...snippet })));
}

function addApps(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets): void {
  // A client that is no app's cannot match: the app table need not be read.
  if (options.client !== undefined && !hasAppRecipe(options.client)) return;
  const { shown, others } = shortlistFor(view.formats, view);
  const running = [...shown, ...others];
  if (running.length === 0) {
    answer.missing.app = !view.saysItsKind ? fetchFullRecordForApps(view) : `no local app runs this kind of model (apps run ${modelsAppsRun()})`;
    return;
  }
  const every = options.allApps === true || options.page === true;
  let apps = options.app !== undefined ? [options.app] : every ? running : shown;
  if (options.client !== undefined) apps = apps.filter((app) => app === options.client);
  if (options.app === undefined && !options.allApps) answer.otherApps = others;
  if (apps.length === 0) return;
  // A page lists the default answer's apps first, each group in the catalogue's order.
  const groups = options.page && options.app === undefined ? [apps.filter((app) => shown.includes(app)), apps.filter((app) => !shown.includes(app))] : [apps];
  const snippets = groups.filter((group) => group.length > 0).flatMap((group) => appSnippetsOf(view, { memory: options.memory, apps: group }));
  answer.snippets.push(...snippets.filter((snippet) => matches(snippet, options)).map((snippet) => ({ kind: "app" as const, ...snippet })));
}

/**
 * Every snippet that runs a model, decided from what its record says serves it: inference calls through its live
 * providers (the router's automatic choice; hf-inference for a record without a provider mapping whose library it
 * runs), the loading code of its own library (llama-cpp-python for GGUF files), and the commands of the local apps
 * that run it. Options narrow the answer to a kind, a language or a client. The CLI, the browser and the library
 * API all take their snippets from here.
 *
 * Throws a UserError (exit code 1) for a provider asked for that reports an error for the model.
 */
export function getModelSnippets(model: ModelRecord, asked: ModelSnippetOptions = {}): ModelSnippets {
  return refusingUnsendable(model, () => modelSnippetsOf(model, asked));
}

type Answering = (view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets) => void;
const answering: Record<SnippetKind, Answering> = { inference: addInference, library: addLibrary, app: addApps };

/** Each kind's part of the answer that the options want. */
function addKinds(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets): void {
  for (const kind of snippetKinds) if (wants(options, kind)) answering[kind](view, options, answer);
}

/** A page's kinds: one that fails for the page's toggles (a memory no quantization fits) shows its message instead of snippets. */
function addPageKinds(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets, page: PageFacts): void {
  for (const kind of snippetKinds) {
    if (!wants(options, kind)) continue;
    const count = answer.snippets.length;
    try {
      refusingUnsendable(view.record, () => answering[kind](view, options, answer));
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      answer.snippets.length = count;
      page.failed[kind] = error.message;
    }
  }
}

/** What the kinds wanted would write without the language and client filter, as labels (answered again, from the same view). */
function beforeFilterOf(view: RecordView, options: ModelSnippetOptions): Partial<Record<SnippetKind, string[]>> {
  const unfiltered: ModelSnippets = { snippets: [], notes: [], missing: {}, otherApps: [] };
  addKinds(view, { ...options, language: undefined, client: undefined }, unfiltered);
  const labels: Partial<Record<SnippetKind, string[]>> = {};
  for (const snippet of unfiltered.snippets) (labels[snippet.kind] ??= []).push(`${snippet.language}/${snippet.client}`);
  for (const kind of snippetKinds) if (labels[kind]) labels[kind] = [...new Set(labels[kind])];
  return labels;
}

/** Why an app of the catalogue asked for wrote nothing: whether it runs the model's formats, and which apps do. */
function appAskedOf(view: RecordView, key: string): ModelSnippets["appAsked"] {
  const app = getApp(key);
  if (!app) return undefined;
  const running = listApps()
    .filter((candidate) => appRunsView(candidate, view))
    .map((candidate) => candidate.key);
  return { runs: app.appliesTo.some((format) => view.formats.has(format)), running, saysItsKind: view.saysItsKind };
}

function modelSnippetsOf(model: ModelRecord, asked: ModelSnippetOptions): ModelSnippets {
  // `gguf` (the Hub's library name of a GGUF repository) asks for llama-cpp-python's code, which loads it.
  const client = asked.client !== undefined && Object.hasOwn(libraryClientAliases, asked.client) ? libraryClientAliases[asked.client] : asked.client;
  const options = { ...asked, client };
  const answer: ModelSnippets = { snippets: [], notes: [], missing: {}, otherApps: [] };
  // The record is read once, into the view every step below decides from.
  const view = recordView(model);
  if (view.providers.mapped) answer.liveProviders = namedLiveProviders(view);
  if (view.libraryKey !== undefined) answer.libraryKey = view.libraryKey;
  if (view.disabled) {
    answer.refused = disabledModelNote(view);
    for (const kind of snippetKinds) if (wants(options, kind)) answer.missing[kind] = answer.refused;
    return answer;
  }
  if (asked.page) {
    const page = (answer.page = pageFactsOf(view, options.memory));
    // The page's provider toggle starts on the core's choice, asked for by name; a policy toggled on names none.
    const provider = options.policy === undefined ? (options.provider ?? page.providers[0]) : options.provider;
    addPageKinds(view, { ...options, provider }, answer, page);
  } else addKinds(view, options, answer);
  if (answer.snippets.length === 0) {
    const only = options.kind ?? (options.app !== undefined ? "app" : undefined);
    // A client "" asks for the decision alone: nothing is written, and nothing to explain.
    if ((options.language || options.client) && only !== "app") answer.beforeFilter = beforeFilterOf(view, options);
    if (options.app !== undefined && only === "app") answer.appAsked = appAskedOf(view, options.app);
  }
  if (asked.notebook) answer.notebook = modelNotebookOf(view, answer);
  if (asked.deployHint) answer.deployTargets = deployTargetsFor(view);
  return answer;
}
