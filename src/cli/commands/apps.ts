import { getApp, listApps, modelsAppsRun } from "../../catalogue/apps.js";
import { ExitCode, UserError } from "../../errors.js";
import { readRecordArgument } from "../record-source.js";
import type { LocalApp } from "../../catalogue/schema.js";
import { fetchFullRecordForApps } from "../../model/says-its-kind.js";
import { appTable } from "../../presenters/app-table.js";
import { appPicksQuant, appsRunningIn, hasAppRecipe } from "../../apps/snippets.js";
import type { ModelDecision } from "../../model-answer/decision.js";
import { disabledModelNote } from "../../model/hosting.js";
import { recordView, type RecordView } from "../../model/view.js";
import { presentTable, warn, writeJson } from "../output.js";
import { unknownIdError } from "../../catalogue/nearest.js";

export async function appsList(options: { model?: string; json?: boolean }): Promise<void> {
  const apps = options.model === undefined ? [...listApps()] : appsOf(recordView(readRecordArgument(options.model)));
  if (options.json) writeJson(apps.map((app) => ({ ...app, hasSnippets: hasAppRecipe(app.key) })));
  else await presentTable(appTable(apps, hasAppRecipe));
}

/**
 * The apps of the catalogue that run the model, by the rule the snippet decision's apps follow (appsRunningIn), read
 * without the snippet engine: exit 1, with the reason, when none does.
 */
function appsOf(view: RecordView): LocalApp[] {
  const { id, saysItsKind } = view;
  if (view.disabled) throw new UserError(disabledModelNote(view), ExitCode.noMatch);
  const running = appsRunningIn(view);
  if (running.length === 0 && !saysItsKind) throw new UserError(`${id}: ${fetchFullRecordForApps({ id })}`, ExitCode.noMatch);
  if (running.length === 0) throw new UserError(`no local app runs ${id} (apps run ${modelsAppsRun()})`, ExitCode.noMatch);
  return running;
}

/**
 * Why an app asked for with --app has no snippet for the model (exit 1): unknown, not running it, or no recipe yet,
 * as the decision says.
 */
export function explainNoAppSnippet(decision: ModelDecision, key: string): UserError {
  const app = getApp(key);
  if (!app)
    return unknownIdError(
      "app",
      key,
      listApps().map((candidate) => candidate.key),
      "see `hub-snippets apps list`",
    );
  const { view } = decision;
  const runs = app.appliesTo.some((format) => view.formats.has(format));
  if (!runs) {
    if (!view.saysItsKind) return new UserError(`${app.label}: ${view.id}: ${fetchFullRecordForApps(view)}`, ExitCode.noMatch);
    const running = decision.apps().running;
    const hint = running.length > 0 ? `apps that do: ${running.join(", ")}` : "no local app does";
    return new UserError(`${app.label} does not run ${view.id}; ${hint}`, ExitCode.noMatch);
  }
  if (!hasAppRecipe(key)) return new UserError(`no snippet for ${app.label} yet; see ${app.docsUrl}`, ExitCode.noMatch);
  return new UserError(`no snippet of ${app.label} for ${view.id} matches --lang and --client`, ExitCode.noMatch);
}

/** --memory with an app that picks its file itself: say that it changes nothing. */
export function warnIfMemoryIgnored(key: string, memory: string | undefined): void {
  if (memory !== undefined && !appPicksQuant(key)) warn(`--memory does not change ${getApp(key)?.label ?? key}'s snippet: the app picks the file itself`);
}
