import { appRunsModel, appsForModel, getApp, listApps } from "../../catalogue/apps.js";
import { ExitCode, UserError } from "../../errors.js";
import { readModelRecord } from "../../model/read.js";
import type { ModelRecord } from "../../model/record.js";
import { appTable } from "../../presenters/app-table.js";
import type { Snippet } from "../../snippets/clients.js";
import { appPicksQuant, getLocalAppSnippets, hasAppRecipe } from "../../snippets/apps/snippets.js";
import { presentTable, warn, writeJson } from "../output.js";
import { unknownIdError } from "../unknown-id.js";

export async function appsList(options: { model?: string; json?: boolean }): Promise<void> {
  const model = options.model === undefined ? undefined : readModelRecord(options.model);
  const apps = model ? appsForModel(model) : [...listApps()];
  if (model && apps.length === 0) throw new UserError(`no local app runs ${model.id} (apps run GGUF, MLX, transformers LLM and diffusion models)`, ExitCode.noMatch);
  if (options.json) writeJson(apps.map((app) => ({ ...app, hasSnippets: hasAppRecipe(app.key) })));
  else await presentTable(appTable(apps, hasAppRecipe));
}

/** The app's snippets for the model; exit 1 with one line when the app is unknown, has no recipe, or does not run it. */
export function selectAppSnippets(model: ModelRecord, key: string, memory?: string): Snippet[] {
  const app = getApp(key);
  if (!app) throw unknownIdError("app", key, listApps().map((candidate) => candidate.key), "hub-snippets apps list");
  if (!appRunsModel(app, model)) {
    const others = appsForModel(model).map((candidate) => candidate.key);
    const hint = others.length > 0 ? `apps that do: ${others.join(", ")}` : "no local app does";
    throw new UserError(`${app.label} does not run ${model.id}; ${hint}`, ExitCode.noMatch);
  }
  const snippets = getLocalAppSnippets(model, key, { memory });
  if (snippets.length === 0) throw new UserError(`no snippet for ${app.label} yet; see ${app.docsUrl}`, ExitCode.noMatch);
  if (memory !== undefined && !appPicksQuant(key)) warn(`--memory does not change ${app.label}'s snippet: the app picks the file itself`);
  return snippets;
}
