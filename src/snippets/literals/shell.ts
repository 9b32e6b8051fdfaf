import { numberLiteral } from "./value.js";
import { Code, isDataObject, type DataValue } from "../../values/data-value.js";

/** A POSIX shell word that stands for exactly `text`: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return text.includes("'") ? `'${text.replaceAll("'", `'\\''`)}'` : `'${text}'`;
}

/**
 * JSON on one line with a space after `:` and `,`, as a readable request body. A Code leaf becomes a JSON
 * string of `codeText(leaf)`, for callers that splice something in at that place.
 */
export function jsonText(value: DataValue, codeText?: (leaf: Code) => string): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index += 1) text += `${index === 0 ? "" : ", "}${jsonText(value[index] as DataValue, codeText)}`;
    return `${text}]`;
  }
  if (isDataObject(value)) {
    const keys = Object.keys(value);
    let text = "{";
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      text += `${index === 0 ? "" : ", "}${JSON.stringify(key)}: ${jsonText(value[key] as DataValue, codeText)}`;
    }
    return `${text}}`;
  }
  if (value instanceof Code) {
    if (!codeText) throw new TypeError("this JSON body holds data only");
    return `"${codeText(value)}"`;
  }
  return typeof value === "number" ? numberLiteral(value) : JSON.stringify(value);
}
