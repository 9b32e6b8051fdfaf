import { appRunsFormats, listApps } from "../catalogue/apps.js";
import type { LocalApp } from "../catalogue/schema.js";
import { modelFormats } from "./formats.js";
import type { ModelRecord } from "./record.js";

/** Whether the app runs this model. */
export function appRunsModel(app: LocalApp, model: ModelRecord): boolean {
  return appRunsFormats(app, modelFormats(model));
}

/** The apps that run this model. */
export function appsForModel(model: ModelRecord): LocalApp[] {
  const formats = modelFormats(model);
  return listApps().filter((app) => appRunsFormats(app, formats));
}
