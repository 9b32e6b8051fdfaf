import { UserError } from "../errors.js";
import { asDataValue, isDataObject, type DataValue } from "../values/data-value.js";

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
export function unsendableAt(value: DataValue, path: string): string | undefined {
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
    throw new UserError('--json-schema: the schema must be a JSON object (nested at most 64 levels), such as {"type": "object", "properties": {…}}');
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
