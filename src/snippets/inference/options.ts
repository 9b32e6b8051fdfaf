import { UserError } from "../../errors.js";

export const providers = ["hf-inference", "auto"] as const;
export type Provider = (typeof providers)[number];

export interface InferenceSnippetOptions {
  /** Inference provider: `hf-inference` (default), or `auto` to let the router choose. */
  provider?: string;
  /** The streaming variant of chat-completion snippets. */
  stream?: boolean;
  /** Organisation billed for the requests (the `X-HF-Bill-To` header). */
  billTo?: string;
  /** Call this endpoint directly instead of the router. */
  endpointUrl?: string;
  /** Put this token in the code instead of reading it from the environment. */
  token?: string;
}

/** The options once checked: a known provider, and an endpoint URL in its normalised (percent-encoded) form. */
export interface CheckedOptions {
  provider: Provider;
  stream: boolean;
  billTo: string | undefined;
  endpointUrl: string | undefined;
  token: string | undefined;
}

// Header values travel in HTTP headers, which cannot carry control characters (a NUL would also end a shell word).
const controlCharacter = /[\u0000-\u001f\u007f]/;

function checkHeaderValue(option: string, value: string | undefined): string | undefined {
  if (value !== undefined && controlCharacter.test(value)) {
    throw new UserError(`${option} must not contain control characters (it is sent as an HTTP header)`);
  }
  return value;
}

function checkProvider(provider: string): Provider {
  if ((providers as readonly string[]).includes(provider)) return provider as Provider;
  throw new UserError(`unknown provider '${provider}' (one of: ${providers.join(", ")})`);
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

/** Checks snippet options before any work: every problem here is the user's to fix (exit 2). */
export function checkOptions(options: InferenceSnippetOptions): CheckedOptions {
  return {
    provider: checkProvider(options.provider ?? "hf-inference"),
    stream: options.stream === true,
    billTo: checkHeaderValue("--bill-to", options.billTo),
    endpointUrl: options.endpointUrl === undefined ? undefined : checkEndpointUrl(options.endpointUrl),
    token: checkHeaderValue("--token", options.token),
  };
}
