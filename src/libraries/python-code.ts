import { pythonAssignment, pythonCall, pythonLiteral, type PythonArgument } from "../code/literals/python.js";
import { Code, code, type DataValue } from "../values/data-value.js";
import { commentText } from "../values/visible-text.js";

/*
 * How library generators write Python: a tagged template whose every interpolation is a value written as a
 * Python literal (a string is quoted and escaped; a number, list or dict becomes its literal) or Code made by
 * the helpers below. Raw text cannot reach the snippet, so a model id, prompt or config value stays data.
 */

/** Python source from a template: `python\`model = Model.from_pretrained(${model.id})\``. */
export function python(strings: TemplateStringsArray, ...values: DataValue[]): string {
  let text = strings[0] ?? "";
  values.forEach((value, index) => {
    text += value instanceof Code ? value.text : pythonLiteral(value);
    text += strings[index + 1] ?? "";
  });
  return text;
}

/**
 * A call laid out as black prints it (one line when it fits, else one argument per line). `lead` is project
 * text up to and including the opening parenthesis, e.g. "model = AutoModel.from_pretrained(".
 */
export function call(lead: string, args: PythonArgument[], indent = 0): Code {
  return code(pythonCall(lead, args, indent));
}

/** `lead value`, as black prints an assignment, e.g. assign("prompt =", text). */
export function assign(lead: string, value: DataValue, indent = 0): Code {
  return code(pythonAssignment(lead, value, indent));
}

/** A positional argument. */
export const arg = (value: DataValue): PythonArgument => [undefined, value];

/** A keyword argument. */
export const kwarg = (name: string, value: DataValue): PythonArgument => [name, value];

/** Project code placed where a value would go, e.g. an expression: `ref("torch.float16")`. */
export const ref = (text: string): Code => code(text);

/** A comment line whose text may come from a record: kept on one line and free of control characters. */
export function comment(text: string): Code {
  return code(`# ${commentText(text)}`);
}
