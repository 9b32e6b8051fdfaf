import type { ModelRecord } from "../model/record.js";
import { fetchFullRecordForApps } from "../model/says-its-kind.js";
import { recordView, type RecordView } from "../model/view.js";
import { appSnippetsOf, hasAppRecipe, shortlistFor } from "./apps/snippets.js";
import type { Snippet } from "./clients.js";
import { checkOptions, checkProvider, type InferenceSnippetOptions } from "./inference/options.js";
import { disabledModelNote, inferenceOptOutNote, noMappingNote, providerChoiceOf, runsOnlyLocally } from "./inference/provider-choice.js";
import { noExampleMessage } from "./inference/request.js";
import { inputNotes } from "./inference/input-notes.js";
import { inferenceSnippetsOf } from "./inference/snippets.js";
import { hasLibraryRecipe, libraryClientAliases } from "./libraries/recipe-keys.js";
import { librarySnippetsOf } from "./libraries/snippets.js";
import { refusingUnsendable } from "../validation/unsendable-field.js";
import { modelNotebookOf } from "../notebook/model-notebook.js";
import type { Notebook } from "../notebook/notebook.js";

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
}

/** The answer to "how do I use this model": the snippets, and what the user should know about them. */
export interface ModelSnippets {
  snippets: ModelSnippet[];
  /** Lines for the user beside the code: a record without providers, a provider asked for that is not live. */
  notes: string[];
  /** For each kind that has no snippet, why (an inference task no provider serves, a library without a recipe). */
  missing: Partial<Record<SnippetKind, string>>;
  /** The provider the inference snippets use (`auto`: the router chooses), and the route raw HTTP calls post to. */
  inference?: { provider: string; routeProvider: string | undefined };
  /** Apps that run the model whose snippets were left out of a default answer (one `app` option away). */
  otherApps: string[];
  /** Why nothing at all is written for this model, whatever the options (a model the Hub has disabled). */
  refused?: string;
  /** With the `notebook` option: the snippets that belong in a notebook, as one (see src/notebook/). */
  notebook?: Notebook;
}

const wants = (options: ModelSnippetOptions, kind: SnippetKind) => (options.kind ?? (options.app !== undefined ? "app" : kind)) === kind;
const matches = (snippet: Snippet, options: ModelSnippetOptions) =>
  (options.language === undefined || snippet.language === options.language) && (options.client === undefined || snippet.client === options.client);

function addInference(view: RecordView, options: ModelSnippetOptions, answer: ModelSnippets): void {
  const { task, kind } = view;
  const asked = options.provider;
  const mapped = view.providers.mapped;
  const byRecord = !mapped && asked === undefined && options.endpointUrl === undefined;
  // A card that opts out of hosted inference says so in one line, whatever its task.
  if (byRecord && view.inferenceOptOut && !runsOnlyLocally(view)) answer.notes.push(inferenceOptOutNote(view));
  // No provider serves a repository of GGUF or MLX files, so its missing mapping is no news; a private model and an opted-out card have their own note.
  const unmapped = byRecord && !runsOnlyLocally(view) && !view.private && !view.inferenceOptOut;
  if (kind === undefined) {
    // A provider the table does not know is accepted only for chat: with no task, it is an unknown id (exit 2).
    if (asked !== undefined) checkProvider(asked);
    if (unmapped && task === undefined) answer.notes.push(noMappingNote(view, false));
    const providers = mapped ? "" : " and lists no inference providers (fetch it with ?expand[]=inferenceProviderMapping)";
    answer.missing.inference = task === undefined ? `the record has no pipeline_tag${providers}` : `no inference call is written for task '${task}'`;
    return;
  }
  // An endpoint is called as it is: no provider to choose.
  const choice = options.endpointUrl === undefined ? providerChoiceOf(view, kind, asked) : { served: true as const, provider: asked ?? "hf-inference", routeProvider: undefined, notes: [] };
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
  const snippets = inferenceSnippetsOf(view, kind, { ...checked, routerSuffix }, filter);
  // hf-inference is named as assumed only where its code follows.
  if (unmapped) answer.notes.unshift(noMappingNote(view, snippets.length > 0));
  const filtered = options.language !== undefined || options.client !== undefined;
  if (snippets.length === 0 && !filtered) answer.missing.inference = `${noExampleMessage} (task '${task}')`;
  if (snippets.length > 0) answer.notes.push(...inputNotes(kind, options.endpointUrl));
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
    answer.missing.app = !view.saysItsKind
      ? fetchFullRecordForApps(view)
      : "no local app runs this kind of model (apps run GGUF, MLX, transformers LLM and diffusion models)";
    return;
  }
  let apps = options.app !== undefined ? [options.app] : options.allApps ? running : shown;
  if (options.client !== undefined) apps = apps.filter((app) => app === options.client);
  if (options.app === undefined && !options.allApps) answer.otherApps = others;
  if (apps.length === 0) return;
  const snippets = appSnippetsOf(view, { memory: options.memory, apps });
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

function modelSnippetsOf(model: ModelRecord, asked: ModelSnippetOptions): ModelSnippets {
  // `gguf` (the Hub's library name of a GGUF repository) asks for llama-cpp-python's code, which loads it.
  const client = asked.client !== undefined && Object.hasOwn(libraryClientAliases, asked.client) ? libraryClientAliases[asked.client] : asked.client;
  const options = { ...asked, client };
  const answer: ModelSnippets = { snippets: [], notes: [], missing: {}, otherApps: [] };
  // The record is read once, into the view every step below decides from.
  const view = recordView(model);
  if (view.disabled) {
    answer.refused = disabledModelNote(view);
    for (const kind of snippetKinds) if (wants(options, kind)) answer.missing[kind] = answer.refused;
    return answer;
  }
  if (wants(options, "inference")) addInference(view, options, answer);
  if (wants(options, "library")) addLibrary(view, options, answer);
  if (wants(options, "app")) addApps(view, options, answer);
  if (asked.notebook) answer.notebook = modelNotebookOf(view, answer);
  return answer;
}
