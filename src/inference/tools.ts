import { UserError } from "../errors.js";
import { asDataValue, isDataObject, type DataValue } from "../values/data-value.js";
import { unsendableAt } from "./structured-output.js";

/** One of OpenAI's tool definitions, as a chat request sends it: a function with its name and JSON schema. */
export type ToolDefinition = { [key: string]: DataValue };

const namePattern = /^[A-Za-z0-9_-]{1,64}$/;
/** More than OpenAI's API takes in one request. */
const maxTools = 128;

/**
 * The tools of `--tools` (the library's `tools` option), checked: a non-empty array of `{type: "function",
 * function: {name, description?, parameters?}}`, names of letters, digits, `_` and `-`; a UserError (exit 2) says
 * what is wrong. The definitions are data: they enter the code through the literal writers.
 */
export function toolsOf(value: unknown): ToolDefinition[] {
  const tools = asDataValue(value);
  if (!Array.isArray(tools) || tools.length === 0 || tools.length > maxTools) {
    throw new UserError(
      `--tools: the file must hold a JSON array of 1 to ${maxTools} tool definitions, such as [{"type": "function", "function": {"name": "get_weather", "parameters": {…}}}]`,
    );
  }
  const bad = unsendableAt(tools, "$");
  if (bad !== undefined) throw new UserError(`--tools: a NUL or a lone surrogate at ${bad}, which no client can send`);
  const names = new Set<string>();
  tools.forEach((tool, index) => {
    const at = `$[${index}]`;
    const fn = isDataObject(tool) ? tool.function : undefined;
    if (!isDataObject(tool) || tool.type !== "function" || fn === undefined || !isDataObject(fn))
      throw new UserError(`--tools: ${at} is not {"type": "function", "function": {…}}`);
    const name = fn.name;
    if (typeof name !== "string" || !namePattern.test(name)) throw new UserError(`--tools: ${at}.function.name must be 1 to 64 letters, digits, '_' or '-'`);
    if (names.has(name)) throw new UserError(`--tools: the tool name '${name}' is given twice`);
    names.add(name);
    const parameters = fn.parameters;
    if (parameters !== undefined && !isDataObject(parameters)) throw new UserError(`--tools: ${at}.function.parameters must be a JSON schema object`);
  });
  return tools as ToolDefinition[];
}
