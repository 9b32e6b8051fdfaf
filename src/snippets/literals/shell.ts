import { isDataObject, numberLiteral, type DataValue } from "./value.js";

/** A POSIX shell word that stands for exactly `text`: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** JSON on one line with a space after `:` and `,`, as a readable request body. */
export function jsonText(value: DataValue): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(", ")}]`;
  if (isDataObject(value)) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${jsonText(item)}`)
      .join(", ")}}`;
  }
  return typeof value === "number" ? numberLiteral(value) : JSON.stringify(value);
}
