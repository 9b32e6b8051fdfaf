import { shellQuote } from "../code/literals/shell.js";
import { Code, code } from "../values/data-value.js";

/** Characters that need no quoting in a shell word (every Hub model id is made of these). */
const plainWord = /^[A-Za-z0-9._\/:@%+=,-]+$/;

/** Shell source from a template: every interpolated string is one word, single-quoted unless plain (Code is placed as is). */
export function shell(strings: TemplateStringsArray, ...values: (string | number | Code)[]): string {
  let text = strings[0] ?? "";
  values.forEach((value, index) => {
    text += value instanceof Code ? value.text : typeof value === "number" ? String(value) : plainWord.test(value) ? value : shellQuote(value);
    text += strings[index + 1] ?? "";
  });
  return text;
}

export { code };
