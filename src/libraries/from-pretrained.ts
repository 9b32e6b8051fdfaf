import type { PythonArgument } from "../code/literals/python.js";
import type { DataValue } from "../values/data-value.js";
import type { RecordView } from "../model/view.js";
import { arg, call, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

export interface LoaderRecipe {
  /** The module to import from, e.g. "sentence_transformers". */
  module: string;
  /** The name imported, e.g. "SentenceTransformer". */
  name: string;
  /** The loading method of `name`, or undefined when `name` itself is called (a class or function). */
  method?: string;
  /** The variable the model is assigned to. */
  variable?: string;
  /** The model argument; the Hub id by default. */
  source?: (view: RecordView) => DataValue;
  /** Keyword arguments after the model id. */
  extra?: (view: RecordView) => PythonArgument[];
  /** Python lines that use the loaded model (a short, runnable example), after a blank line. */
  usage?: (view: RecordView) => string;
}

/**
 * The recipe most libraries share: import one name, load the model by its Hub id with one call.
 * `loadWith({ module: "timm", name: "create_model", … })` is a whole generator.
 */
export function loadWith(recipe: LoaderRecipe): LibraryGenerator {
  const callee = recipe.method ? `${recipe.name}.${recipe.method}` : recipe.name;
  const variable = recipe.variable ?? "model";
  return (view) => {
    const load = python`from ${ref(recipe.module)} import ${ref(recipe.name)}

${call(`${variable} = ${callee}(`, [arg(recipe.source?.(view) ?? view.id), ...(recipe.extra?.(view) ?? [])])}`;
    const usage = recipe.usage?.(view);
    return [pythonSnippet(usage ? `${load}\n\n${usage}` : load)];
  };
}
