import { getApp, listApps, modelsAppsRun } from "../../catalogue/apps.js";
import { ExitCode, UserError } from "../../errors.js";
import { readRecordArgument } from "../record-source.js";
import { disabledModelNote, isDisabled } from "../../model/hosting.js";
import type { ModelRecord } from "../../model/record.js";
import { fetchFullRecordForApps, saysItsKind } from "../../model/says-its-kind.js";
import { appTable } from "../../presenters/app-table.js";
import { appPicksQuant, appsRunning, hasAppRecipe } from "../../snippets/apps/snippets.js";
import type { ModelSnippets } from "../../snippets/model-snippets.js";
import { presentTable, warn, writeJson } from "../output.js";
import { unknownIdError } from "../unknown-id.js";

export async function appsList(options: { model?: string; json?: boolean }): Promise<void> {
  const model = options.model === undefined ? undefined : readRecordArgument(options.model);
  if (model && isDisabled(model)) throw new UserError(disabledModelNote(model), ExitCode.noMatch);
  const apps = model ? appsRunning(model) : [...listApps()];
  if (model && apps.length === 0 && !saysItsKind(model)) throw new UserError(`${model.id}: ${fetchFullRecordForApps(model)}`, ExitCode.noMatch);
  if (model && apps.length === 0) throw new UserError(`no local app runs ${model.id} (apps run ${modelsAppsRun()})`, ExitCode.noMatch);
  if (options.json) writeJson(apps.map((app) => ({ ...app, hasSnippets: hasAppRecipe(app.key) })));
  else await presentTable(appTable(apps, hasAppRecipe));
}

/**
 * Why an app asked for with --app has no snippet for the model (exit 1): unknown, not running it, or no recipe yet;
 * `asked` is what the answer says of the app (ModelSnippets.appAsked).
 */
export function explainNoAppSnippet(model: ModelRecord, key: string, asked: ModelSnippets["appAsked"]): UserError {
  const app = getApp(key);
  // The answer describes every app of the catalogue asked for that wrote nothing.
  if (!app || !asked)
    return unknownIdError(
      "app",
      key,
      listApps().map((candidate) => candidate.key),
      "hub-snippets apps list",
    );
  if (!asked.runs) {
    if (!asked.saysItsKind) return new UserError(`${app.label}: ${model.id}: ${fetchFullRecordForApps(model)}`, ExitCode.noMatch);
    const hint = asked.running.length > 0 ? `apps that do: ${asked.running.join(", ")}` : "no local app does";
    return new UserError(`${app.label} does not run ${model.id}; ${hint}`, ExitCode.noMatch);
  }
  if (!hasAppRecipe(key)) return new UserError(`no snippet for ${app.label} yet; see ${app.docsUrl}`, ExitCode.noMatch);
  return new UserError(`no snippet of ${app.label} for ${model.id} matches --lang and --client`, ExitCode.noMatch);
}

/** --memory with an app that picks its file itself: say that it changes nothing. */
export function warnIfMemoryIgnored(key: string, memory: string | undefined): void {
  if (memory !== undefined && !appPicksQuant(key)) warn(`--memory does not change ${getApp(key)?.label ?? key}'s snippet: the app picks the file itself`);
}
