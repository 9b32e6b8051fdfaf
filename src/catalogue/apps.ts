import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { LocalApp, ModelFormat } from "./schema.js";

let apps: readonly LocalApp[] | undefined;

/** Every local app of the catalogue, in its order. */
export function listApps(): readonly LocalApp[] {
  apps ??= readPackagedJson<LocalApp[]>(`${dataDir}apps.json`);
  return apps;
}

export function getApp(key: string): LocalApp | undefined {
  return listApps().find((app) => app.key === key);
}

/** Whether the app runs a model of these formats. */
export function appRunsFormats(app: LocalApp, formats: ReadonlySet<ModelFormat>): boolean {
  return app.appliesTo.some((format) => formats.has(format));
}
