import { autoProvider, defaultProvider, listProviderIds } from "../catalogue/providers.js";
import { unknownIdError } from "../catalogue/nearest.js";
import { UserError } from "../errors.js";
import { terminalControls } from "../values/terminal-controls.js";
import { loadChatFeatures } from "./load-chat-features.js";
import type { Policy } from "./policy.js";
import type { JsonSchemaOption, ResponseFormat } from "./structured-output.js";
import type { ToolDefinition } from "./tools.js";

/** Every `--provider` choice: the table's providers and `auto`. Read from data/providers.json on first use. */
export function providerChoices(): string[] {
  return [...listProviderIds(), autoProvider];
}

export interface InferenceSnippetOptions {
  /** Inference provider: `hf-inference` (default), `auto` to let the router choose, or any provider of the table. */
  provider?: string;
  /**
   * With `provider: "auto"`: the provider whose own route raw HTTP clients (fetch, requests, curl) post to, with
   * its model id from the record's mapping; the SDK clients still leave the choice to the router.
   */
  routeProvider?: string;
  /** Call the provider's own API with its own key instead of going through the router. */
  direct?: boolean;
  /** The streaming variant of chat-completion snippets. */
  stream?: boolean;
  /** Organisation billed for the requests (the `X-HF-Bill-To` header). */
  billTo?: string;
  /** Call this endpoint directly instead of the router. */
  endpointUrl?: string;
  /** Put this token in the code instead of reading it from the environment. */
  token?: string;
  /**
   * Chat only: let the router choose among the model's live providers by this policy (`<id>:<policy>`); it comes
   * with no provider, endpoint or direct call.
   */
  policy?: Policy;
  /** Chat only: ask for a JSON answer that follows this schema (`response_format`), which the code parses. */
  jsonSchema?: JsonSchemaOption;
  /** Chat only: offer these tool definitions (OpenAI's `tools`); the code reads the tool calls of the answer. */
  tools?: unknown;
}

/**
 * The options once checked, at the entry of the call that writes the request: a known provider, and an endpoint
 * URL in its normalised (percent-encoded) form. The parts of the call take these, never the options as given.
 */
export interface CheckedOptions {
  provider: string;
  direct: boolean;
  stream: boolean;
  billTo: string | undefined;
  endpointUrl: string | undefined;
  token: string | undefined;
  /** As given: checked as a provider only where raw clients are written for it (withRouteProvider). */
  routeProvider: string | undefined;
  /** The router's provider policy, the model's suffix (checked against the record by policyNote). */
  policy: Policy | undefined;
  /** The structured output asked for (checked against the providers by chatFeatureChoice). */
  responseFormat: ResponseFormat | undefined;
  /** The tool definitions offered (checked against the providers by chatFeatureChoice). */
  tools: ToolDefinition[] | undefined;
}

// Header values travel in HTTP headers, which cannot carry control characters (a NUL would also end a shell word).
const controlCharacter = /[\u0000-\u001f\u007f]/;

function checkHeaderValue(option: string, value: string | undefined): string | undefined {
  if (value !== undefined && controlCharacter.test(value)) {
    throw new UserError(`${option} must not contain control characters (it is sent as an HTTP header)`);
  }
  // Only the library API can pass one (argv is decoded text): no client, nor a shell word, can send it.
  if (value !== undefined && !value.isWellFormed()) throw new UserError(`${option} must not contain a lone surrogate (it is sent as an HTTP header)`);
  return value;
}

/** A provider id the table knows, `auto` or the default; a UserError (exit 1, as any unknown id) naming the nearest ids otherwise. */
export function checkProvider(provider: string): string {
  // The default needs no table: the common path stays free of reading data/providers.json.
  if (provider === defaultProvider || provider === autoProvider) return provider;
  const choices = providerChoices();
  if (choices.includes(provider)) return provider;
  throw unknownIdError("provider", printableId(provider), choices, `one of: ${choices.join(", ")}`);
}

/** An id as one line of a message: control characters would break the one-line diagnostic. */
function printableId(id: string): string {
  return id.replace(terminalControls, "?");
}

/** The endpoint as the URL parser writes it (spaces and the like percent-encoded), without a trailing slash. */
function checkEndpointUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError(`--endpoint-url '${url}' is not a URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new UserError(`--endpoint-url '${url}' must be an http or https URL`);
  }
  // Snippets append paths (/v1/chat/completions) to the endpoint, which a query or fragment would break.
  if (parsed.search !== "" || parsed.hash !== "" || url.includes("?") || url.includes("#")) {
    throw new UserError(`--endpoint-url '${url}' must not carry a query string or fragment`);
  }
  // A lone `%` survives the URL parser, but HTTP clients disagree on it (requests re-encodes it as %25).
  if (/%(?![0-9A-Fa-f]{2})/.test(parsed.href)) {
    throw new UserError(`--endpoint-url '${url}' has a '%' that does not start a percent-encoded byte (write %25)`);
  }
  return parsed.href.replace(/\/+$/, "");
}

/** Options as given: a policy is still text (the CLI's), checked as one of `policies`. */
export type OptionsAsGiven = Omit<InferenceSnippetOptions, "policy"> & { policy?: string };

/** The checked options but the provider, which a decision settles from the record (withProvider). */
export type CallOptions = Omit<CheckedOptions, "provider" | "routeProvider">;

/** Whether the options give a chat option (a policy, structured output, tools): only then is their code loaded. */
export const givesChatOption = (options: { policy?: unknown; jsonSchema?: unknown; tools?: unknown }): boolean =>
  options.policy !== undefined || options.jsonSchema !== undefined || options.tools !== undefined;

/** Checks snippet options before any work: every problem here is the user's to fix (exit 2). */
export function checkOptions(options: OptionsAsGiven): CheckedOptions {
  // The provider first: an unknown one is exit 1, whatever else the options hold.
  const provider = checkedProvider(options.provider ?? defaultProvider, options.direct === true);
  return withCheckedProvider(checkCallOptions(options), provider, options.routeProvider);
}

/** checkOptions but for the provider: each option checked once, the policy among them. */
export function checkCallOptions(options: OptionsAsGiven): CallOptions {
  const direct = options.direct === true;
  if (direct && options.endpointUrl !== undefined) throw new UserError("give either --direct or --endpoint-url, not both");
  if (options.jsonSchema !== undefined && options.tools !== undefined)
    throw new UserError("give either --json-schema or --tools: the code reads one kind of answer");
  // X-HF-Bill-To is the router's header: a provider's own API bills its own key.
  if (direct && options.billTo !== undefined) throw new UserError("--bill-to bills a Hub organisation through the router; it does not apply with --direct");
  return {
    direct,
    stream: options.stream === true,
    billTo: checkHeaderValue("--bill-to", options.billTo),
    endpointUrl: options.endpointUrl === undefined ? undefined : checkEndpointUrl(options.endpointUrl),
    token: checkHeaderValue("--token", options.token),
    // The chat features' code is loaded only for a line that asks for one.
    policy: options.policy === undefined ? undefined : loadChatFeatures().checkPolicy(options.policy),
    responseFormat: options.jsonSchema === undefined ? undefined : loadChatFeatures().responseFormatOf(options.jsonSchema),
    tools: options.tools === undefined ? undefined : loadChatFeatures().toolsOf(options.tools),
  };
}

/** Options checked once (checkCallOptions), with the provider a decision settled on and its route. */
export function withProvider(options: CallOptions, provider: string, routeProvider: string | undefined): CheckedOptions {
  return withCheckedProvider(options, checkedProvider(provider, options.direct), routeProvider);
}

/** A provider the table knows, and one a direct call can name. */
function checkedProvider(provider: string, direct: boolean): string {
  const checked = checkProvider(provider);
  checkDirectProvider(direct, checked);
  return checked;
}

/**
 * Checked options with their provider, written out field by field in one order: every CheckedOptions then has one
 * shape. A spread (`{ ...options, provider }`) made another, and the request writers' property reads went
 * polymorphic: getInferenceSnippets' throughput fell from 25× to 21× the peer's (issue 64).
 */
function withCheckedProvider(options: CallOptions, provider: string, routeProvider: string | undefined): CheckedOptions {
  const { direct, stream, billTo, endpointUrl, token, policy, responseFormat, tools } = options;
  return { provider, direct, stream, billTo, endpointUrl, token, routeProvider, policy, responseFormat, tools };
}

function checkDirectProvider(direct: boolean, provider: string): void {
  if (direct && provider === autoProvider) throw new UserError("--direct needs a named provider: auto lets the router choose, so there is no provider to call");
}

/** Checked options whose provider is their route provider: what raw HTTP clients call when the SDKs let the router choose. */
export function withRouteProvider<Options extends CheckedOptions>(options: Options & { routeProvider: string }): Options {
  // A spread that keeps the keys' order (both are there): the options keep their shape.
  return { ...options, provider: checkedProvider(options.routeProvider, options.direct), routeProvider: undefined };
}
