import type { ModelRecord } from "../model/record.js";
import { recordView, type RecordView } from "../model/view.js";
import { clientTable, type ClientRow } from "./clients.js";
import { codeUnit, type CodeUnit, type Snippet } from "../code/snippet.js";
import { type Language } from "../code/languages.js";
import { finishedCode } from "../code/finish.js";
import { TemplateFolder } from "../code/templates.js";
import { refusingUnsendable } from "../validation/unsendable-field.js";
import { inferenceKindOf } from "../model/inference-kind.js";
import { checkCallOptions, checkOptions, givesChatOption, withProvider, withRouteProvider } from "./options.js";
import { loadChatFeatures } from "./load-chat-features.js";
import { requestFor, type InferenceRequest, type InferenceSnippetOptions, type RequestOptions } from "./request.js";
import { sampleFiles } from "../model/examples.js";
import type { FileKind, InferenceKind } from "../catalogue/inference-kinds.js";

// Each client's template folder, `templates/<language>/<client>/`, in table order; a template compiles on first use.
const folders = clientTable.map(({ language, client }) => new TemplateFolder(`${language}/${client}`));

/** Keeps only the snippets of one language and/or client. */
export interface SnippetFilter {
  language?: Language;
  client?: string;
}

/**
 * Ready-to-run inference code for a model, one snippet per client that can make the call.
 * Empty when the model's task has no input example (see `noExampleMessage`). A UserError names the record's field
 * when a value the shell code must hold has a NUL or a lone surrogate, which no shell word can carry.
 */
export function getInferenceSnippets(model: ModelRecord, options: InferenceSnippetOptions & SnippetFilter = {}): Snippet[] {
  return refusingUnsendable(model, () => {
    // The record's own task (not one its mapping names): the options are checked only for a record that has one.
    const kind = inferenceKindOf(model);
    if (kind === undefined) return [];
    if (!givesChatOption(options)) return inferenceSnippetsOf(recordView(model), kind, checkOptions(options), options);
    // Checked once, as the decision checks them (decide-inference.ts): the call's options, then what the chat options
    // decide of it (chat-options.ts), then the provider settled on; a policy's provider is the router's `auto`.
    const checked = checkCallOptions(options);
    const view = recordView(model);
    const chosen = loadChatFeatures().chatOptionsChoice(view, kind, options, checked.policy);
    const provider = chosen.provider ?? (checked.policy !== undefined ? "auto" : options.provider) ?? "auto";
    return inferenceSnippetsOf(view, kind, withProvider(checked, provider, options.routeProvider), options);
  });
}

/** getInferenceSnippets, for a record already read into its view, the inference kind of the call and its checked options. */
function inferenceSnippetsOf(view: RecordView, kind: InferenceKind, options: RequestOptions, filter: SnippetFilter): Snippet[] {
  return inferenceCallOf(view, kind, options, filter).snippets;
}

/**
 * What an inference call needs from where it runs, beside the packages: the environment variables its token is read
 * from, the first one set (a provider's key under the name its docs use, then huggingface.js's; none when --token
 * writes it into the code), and the local file it sends (the example's sample.flac or image.jpg), which the user brings.
 */
export interface CallInputs {
  tokenVariables?: string[];
  sampleFile?: { name: string; kind: FileKind };
}

/** inferenceSnippetsOf, with the request they were written from (none when no call is written). */
function inferenceCallOf(
  view: RecordView,
  kind: InferenceKind,
  options: RequestOptions,
  filter: SnippetFilter,
): { snippets: Snippet[]; request?: InferenceRequest } {
  const request = requestFor(view, kind, options);
  if (!request) return { snippets: [] };
  return { snippets: writeSnippets(request, rawRequestOf(view, kind, request, options), filter), request };
}

/** What a request's code reads where it runs (asked by the answer only: the library's snippet path skips it). */
export function callInputsOf(request: InferenceRequest): CallInputs {
  const reads: CallInputs = {};
  const token = request.token;
  if (token.kind === "env") reads.tokenVariables = token.first === undefined ? [token.variable] : [token.first, token.variable];
  const file = request.spec.file;
  if (file !== undefined) reads.sampleFile = { name: sampleFiles[file].name, kind: file };
  return reads;
}

/**
 * The request raw HTTP clients write: with the router's automatic choice and a route provider, that provider's own
 * route and model id (every task but chat, whose router route takes the plain model id); else the SDKs' request.
 */
function rawRequestOf(view: RecordView, kind: InferenceKind, request: InferenceRequest, options: RequestOptions): InferenceRequest | undefined {
  const { routeProvider } = options;
  if (request.provider !== "auto" || request.url !== undefined || routeProvider === undefined) return request;
  return requestFor(view, kind, withRouteProvider({ ...options, routeProvider }));
}

/** The request the table's writer at `index` writes (the SDKs' or the raw clients'), or undefined when it writes none. */
function requestOfWriter(
  index: number,
  sdkRequest: InferenceRequest,
  rawRequest: InferenceRequest | undefined,
  options: SnippetFilter,
): InferenceRequest | undefined {
  const writer = clientTable[index]!;
  const request = writer.rawHttp === true ? rawRequest : sdkRequest;
  if (!request) return undefined;
  // Filtering before rendering: a template never chosen is never compiled.
  if (options.language !== undefined && writer.language !== options.language) return undefined;
  if (options.client !== undefined && writer.client !== options.client) return undefined;
  if (!writer.kinds.has(request.kind)) return undefined;
  if (writer.provider !== undefined && (request.call?.provider.id !== writer.provider || !request.call.direct)) return undefined;
  return request;
}

/** The snippet of the table's writer at `index`, for its request; undefined when its context has none. */
function writeOne(index: number, request: InferenceRequest): Snippet | undefined {
  const writer = clientTable[index]!;
  const context = writer.context(request);
  if (!context) return undefined;
  const rendered = folders[index]!.render(writer.family(request), context);
  const content = finishedCode(writer.language, rendered);
  const install = (writer as ClientRow).install?.(request);
  // Two literals rather than a spread of an optional field: the spread took V8's slow path at every snippet.
  return install === undefined
    ? { language: writer.language, client: writer.client, content }
    : { language: writer.language, client: writer.client, content, install };
}

function writeSnippets(sdkRequest: InferenceRequest, rawRequest: InferenceRequest | undefined, options: SnippetFilter): Snippet[] {
  const snippets: Snippet[] = [];
  for (let index = 0; index < clientTable.length; index += 1) {
    const request = requestOfWriter(index, sdkRequest, rawRequest, options);
    if (request === undefined) continue;
    const snippet = writeOne(index, request);
    if (snippet !== undefined) snippets.push(snippet);
  }
  return snippets;
}

/**
 * The call's code as units, one per client of the table that writes the request, each rendered when an answer shows
 * it; with the request they are written from (none when no call is written).
 */
export function inferenceUnitsOf(view: RecordView, kind: InferenceKind, options: RequestOptions): { units: CodeUnit[]; request?: InferenceRequest } {
  const request = requestFor(view, kind, options);
  if (!request) return { units: [] };
  const raw = rawRequestOf(view, kind, request, options);
  const units: CodeUnit[] = [];
  for (let index = 0; index < clientTable.length; index += 1) {
    const written = requestOfWriter(index, request, raw, {});
    if (written === undefined) continue;
    const writer = clientTable[index]!;
    units.push(
      codeUnit(
        writer.client,
        writer.language,
        () => {
          const snippet = writeOne(index, written);
          return snippet === undefined ? [] : [snippet];
        },
        view.record,
      ),
    );
  }
  return { units, request };
}
