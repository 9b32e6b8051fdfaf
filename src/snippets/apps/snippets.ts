import { appRunsModel, getApp, modelFormats } from "../../catalogue/apps.js";
import { ExitCode, UserError } from "../../errors.js";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../clients.js";
import { chooseGgufQuant } from "../gguf-choice.js";
import { parseMemorySize } from "../memory-fit.js";
import { appRecipes } from "./registry.js";

export interface LocalAppSnippetOptions {
  /**
   * The memory to fit, as `16GB`, `24GiB`, `512MB` or a number of bytes: the commands then run the biggest GGUF
   * quantization whose file plus a margin for the context fits (exit code 1 / a UserError when none does).
   * Apps that pick their file themselves (deep links such as Jan) ignore it: `appPicksQuant` says which.
   */
  memory?: string | number;
}

/** Whether the app has a recipe. */
export function hasAppRecipe(key: string): boolean {
  return Object.hasOwn(appRecipes, key);
}

/** Whether the app's commands name a GGUF quantization, so that `memory` changes them. */
export function appPicksQuant(key: string): boolean {
  return hasAppRecipe(key) && appRecipes[key]?.picksQuant === true;
}

function memoryBytes(memory: string | number | undefined): number | undefined {
  if (memory === undefined) return undefined;
  if (typeof memory === "number") {
    if (!(memory > 0) || !Number.isFinite(memory)) throw new UserError(`memory must be a positive number of bytes, not ${memory}`);
    return memory;
  }
  return parseMemorySize(memory);
}

/**
 * The commands (or link) that run the model in a local app; empty when the app is unknown or does not run this
 * kind of model. With `memory` on a GGUF repository, the quantization is the biggest that fits.
 */
export function getLocalAppSnippets(model: ModelRecord, appKey: string, options: LocalAppSnippetOptions = {}): Snippet[] {
  const app = getApp(appKey);
  const recipe = hasAppRecipe(appKey) ? appRecipes[appKey] : undefined;
  if (!app || !recipe || !appRunsModel(app, model)) return [];
  const memory = memoryBytes(options.memory);
  const gguf = modelFormats(model).has("gguf");
  if (memory !== undefined && !gguf) {
    throw new UserError(`--memory chooses among GGUF quantizations; ${model.id} has no GGUF files`, ExitCode.noMatch);
  }
  const quant = chooseGgufQuant(model, { memory: recipe.picksQuant ? memory : undefined });
  if (memory !== undefined && recipe.picksQuant && quant.chosen === undefined) {
    throw new UserError(`--memory chooses among GGUF quantizations; no file name of ${model.id} carries one (such as Q4_K_M)`, ExitCode.noMatch);
  }
  return recipe.snippets(model, { quant }).map(({ language, content }) => ({ language, client: appKey, content }));
}
