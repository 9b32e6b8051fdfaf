import { getApp, appRunsModel } from "../../catalogue/apps.js";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../clients.js";
import { appGenerators } from "./registry.js";

/** Whether the app has a recipe yet. */
export function hasAppRecipe(key: string): boolean {
  return Object.hasOwn(appGenerators, key);
}

/**
 * The commands (or link) that run the model in a local app; empty when the app is unknown, has no recipe yet,
 * or does not run this kind of model.
 */
export function getLocalAppSnippets(model: ModelRecord, appKey: string): Snippet[] {
  const app = getApp(appKey);
  const generate = hasAppRecipe(appKey) ? appGenerators[appKey] : undefined;
  if (!app || !generate || !appRunsModel(app, model)) return [];
  return generate(model).map(({ language, content }) => ({ language, client: appKey, content }));
}
