import { getProvider, providerTaskOf } from "../../catalogue/providers.js";
import { structuredOutputOf, structuredOutputTable } from "../../catalogue/structured-output.js";
import { UserError } from "../../errors.js";
import { isLive } from "../../model/provider-mapping.js";
import type { RecordView } from "../../model/view.js";
import { asDataValue, isDataObject, type DataValue } from "../../values/data-value.js";
import { inferenceTasks, type InferenceKind } from "./tasks.js";

/** What `--json-schema` (the library's `jsonSchema` option) asks for: the schema, its name and OpenAI's `strict`. */
export interface JsonSchemaOption {
  /** The JSON schema the answer must follow: a JSON object. */
  schema: unknown;
  /** `json_schema.name`: letters, digits, `_` and `-`, at most 64; `response` when not given. */
  name?: string;
  strict?: boolean;
}

/** The `response_format` a chat request sends: OpenAI's structured output, the schema as data. */
export interface ResponseFormat {
  type: "json_schema";
  json_schema: { name: string; schema: { [key: string]: DataValue }; strict?: boolean };
}

const namePattern = /^[A-Za-z0-9_-]{1,64}$/;
// A NUL ends a C string (and no shell word holds one); a lone surrogate is no text any client can send.
const unsendable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first string (value or key) of a value that no client can send, as a path, if any. */
function unsendableAt(value: DataValue, path: string): string | undefined {
  if (typeof value === "string") return unsendable.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsendableAt(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isDataObject(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (unsendable.test(key)) return `${path} (a key)`;
    const found = unsendableAt(item, `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The response format of an option, checked: a UserError (exit 2) says what is wrong with the schema or its name. */
export function responseFormatOf(option: JsonSchemaOption): ResponseFormat {
  const schema = asDataValue(option.schema);
  if (schema === undefined || !isDataObject(schema)) {
    throw new UserError("--json-schema: the schema must be a JSON object (nested at most 64 levels), such as {\"type\": \"object\", \"properties\": {…}}");
  }
  const bad = unsendableAt(schema, "$");
  if (bad !== undefined) throw new UserError(`--json-schema: the schema holds a NUL or a lone surrogate at ${bad}, which no client can send`);
  const name = option.name ?? "response";
  if (!namePattern.test(name)) throw new UserError("--json-schema: the schema's name must be 1 to 64 letters, digits, '_' or '-'");
  if (option.strict !== undefined && typeof option.strict !== "boolean") throw new UserError("--json-schema: strict must be true or false");
  const format: ResponseFormat = { type: "json_schema", json_schema: { name, schema } };
  if (option.strict !== undefined) format.json_schema.strict = option.strict;
  return format;
}

/** Why a provider's chat route is not known to take a JSON schema, from data/structured-output.json. */
function whyNot(provider: string): string | undefined {
  const row = structuredOutputOf(provider);
  if (row?.jsonSchema === true) return undefined;
  if (row !== undefined) return `${provider}: ${row.why ?? "no JSON schema"} (${row.source})`;
  return `${provider}: no page read says it takes a JSON schema (data/structured-output.json)`;
}

/** Options that decide where a structured-output call goes. */
export interface StructuredOutputAsked {
  provider: string | undefined;
  policy: string | undefined;
  endpointUrl: string | undefined;
  stream: boolean | undefined;
}

/**
 * Where a call asking for a JSON answer can go: a chat call to a provider that data/structured-output.json says
 * takes a schema. The answer is the provider to name instead of the router's choice (the first live provider that
 * takes it, when the router could pick one that does not), with a note; a UserError (exit 2) gives the reason.
 */
export function structuredOutputChoice(view: RecordView, kind: InferenceKind, asked: StructuredOutputAsked): { provider: string | undefined; note: string | undefined } {
  if (inferenceTasks[kind].request !== "chat") throw new UserError(`--json-schema applies to chat completions only; ${view.id}'s inference task is ${kind}: drop --json-schema`);
  if (asked.stream) throw new UserError("--json-schema parses the whole answer as JSON: drop --stream");
  if (asked.endpointUrl !== undefined) throw new UserError("--json-schema is written for the providers data/structured-output.json lists; an endpoint's server is not one: drop one of them");
  if (asked.provider !== undefined && asked.provider !== "auto") {
    const why = whyNot(asked.provider);
    if (why !== undefined) throw new UserError(`--json-schema: ${why}; providers that take a schema: ${supporting().join(", ")}`);
    return { provider: asked.provider, note: undefined };
  }
  const task = providerTaskOf(kind);
  const live = [...new Set(view.providers.entries.filter((entry) => isLive(entry) && (entry.task === undefined || entry.task === task)).map((entry) => entry.provider))];
  if (live.length === 0) throw new UserError(`--json-schema: ${view.id} has no live chat provider to send it to (give --provider <id> of one that takes a schema: ${supporting().join(", ")})`);
  const refusing = live.map((provider) => ({ provider, why: whyNot(provider) }));
  const taking = refusing.filter((item) => item.why === undefined).map((item) => item.provider);
  if (taking.length === 0) throw new UserError(`--json-schema: none of ${view.id}'s live providers is known to take a JSON schema: ${refusing.map((item) => item.why).join("; ")}`);
  if (taking.length === live.length) return { provider: undefined, note: undefined };
  const others = refusing.filter((item) => item.why !== undefined).map((item) => item.provider);
  if (asked.policy !== undefined) {
    throw new UserError(`--json-schema with --policy: the router could choose ${others.join(", ")}, not known to take a JSON schema; drop --policy (the code then names ${taking[0]})`);
  }
  const first = taking[0] as string;
  const note = `${view.id}: the code names ${first}, the first of its live providers known to take a JSON schema (the router could choose ${others.join(", ")}, which are not)`;
  return { provider: getProvider(first) === undefined ? undefined : first, note };
}

function supporting(): string[] {
  return structuredOutputTable()
    .providers.filter((row) => row.jsonSchema)
    .map((row) => row.id);
}
