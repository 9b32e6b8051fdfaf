import { numberLiteral } from "./value.js";
import { Code, isDataObject, type DataValue } from "../../values/data-value.js";

/** A POSIX shell word that stands for exactly `text`: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * JSON on one line with a space after `:` and `,`, as a readable request body. A Code leaf becomes a JSON
 * string of `codeText(leaf)`, for callers that splice something in at that place.
 */
export function jsonText(value: DataValue, codeText?: (leaf: Code) => string): string {
  const write = (item: DataValue): string => jsonText(item, codeText);
  if (Array.isArray(value)) return `[${value.map(write).join(", ")}]`;
  if (isDataObject(value)) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${write(item)}`)
      .join(", ")}}`;
  }
  if (value instanceof Code) {
    if (!codeText) throw new TypeError("this JSON body holds data only");
    return `"${codeText(value)}"`;
  }
  return typeof value === "number" ? numberLiteral(value) : JSON.stringify(value);
}
