// Data values: what a model record holds and what may enter generated code. Below both the model reader
// (src/model/, which bounds a record's depth) and the literal writers (src/code/literals/).

/**
 * A piece of code written by the project (never by a user) that stands where a value would, such as
 * `process.env.HF_TOKEN`. It is placed as is, so only templates and generators may make one.
 */
export class Code {
  constructor(readonly text: string) {}
}

export function code(text: string): Code {
  return new Code(text);
}

/** A plain data value, as JSON can hold it (plus project-written Code): the only thing that enters generated code. */
export type DataValue = string | number | boolean | null | Code | DataValue[] | { [key: string]: DataValue };

/** Deeper than the Hub's records ever nest; laying out deeper values would exhaust the stack. */
export const maxDataDepth = 64;

/**
 * The value when it is JSON data a snippet can hold (strings, finite numbers, booleans, null, arrays and plain
 * objects of those, nested at most `maxDataDepth` levels), undefined otherwise. Guards the values a caller of
 * the library hands over (a record read from a file is JSON already): a cycle, NaN, a function or a class
 * instance must not crash the writers or pass for project code.
 */
export function asDataValue(value: unknown, depth = 0): DataValue | undefined {
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "object" || depth >= maxDataDepth) return undefined;
  if (Array.isArray(value)) return value.every((item) => asDataValue(item, depth + 1) !== undefined) ? (value as DataValue[]) : undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  return Object.values(value).every((item) => asDataValue(item, depth + 1) !== undefined) ? (value as { [key: string]: DataValue }) : undefined;
}

export function isDataObject(value: DataValue): value is { [key: string]: DataValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Code);
}
