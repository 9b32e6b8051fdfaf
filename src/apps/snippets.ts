import { isGgufModelIn } from "../model/formats.js";
import { appRunsFormats, getApp, listApps } from "../catalogue/apps.js";
import type { LocalApp, ModelFormat } from "../catalogue/schema.js";
import { ExitCode, UserError } from "../errors.js";
import type { RecordView } from "../model/view.js";
import { finishedCode } from "../code/finish.js";
import type { Snippet } from "../code/snippet.js";
import { appRepositoryOf, chooseAmongQuants, type GgufChoice } from "../weights/gguf-choice.js";
import { runsAnyQuant } from "../weights/gguf-loaders.js";
import { parseMemorySize } from "../weights/memory-fit.js";
import { appRecipeOf, ggufLoaderOf } from "./registry.js";

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
  return appRecipeOf(key) !== undefined;
}

/** Whether the app's commands name a GGUF quantization, so that `memory` changes them. */
export function appPicksQuant(key: string): boolean {
  return hasAppRecipe(key) && appRecipeOf(key)?.picksQuant === true;
}

function memoryBytes(memory: string | number | undefined): number | undefined {
  if (memory === undefined) return undefined;
  if (typeof memory === "number") {
    if (!(memory > 0) || !Number.isFinite(memory)) throw new UserError(`memory must be a positive number of bytes, not ${memory}`);
    return memory;
  }
  return parseMemorySize(memory);
}

/** What every app's recipe reads of one model and options, worked out once for all the apps. */
interface ModelForApps {
  view: RecordView;
  /** The quantization an app runs, among those it loads (gguf-loaders.ts): with `memory` for the apps that pick one, the default otherwise. */
  quant(appKey: string, picksQuant: boolean): GgufChoice;
}

function modelForApps(view: RecordView, options: LocalAppSnippetOptions): ModelForApps {
  const memory = memoryBytes(options.memory);
  const { id, gguf } = view;
  if (memory !== undefined && !isGgufModelIn(view.formats)) {
    throw new UserError(`--memory chooses among GGUF quantizations; ${id} has no GGUF files`, ExitCode.noMatch);
  }
  // One choice per rule of what an app loads and per use of the memory, shared by the apps that have the same.
  const choices = new Map<string, GgufChoice>();
  const quant = (appKey: string, picksQuant: boolean) => {
    const withMemory = picksQuant && memory !== undefined;
    const loader = ggufLoaderOf(appKey);
    const key = `${loader.split}/${loader.mmproj}/${withMemory}`;
    let choice = choices.get(key);
    if (!choice) {
      choice = chooseAmongQuants(appRepositoryOf(view), gguf.quants, { memory: withMemory ? memory : undefined, loader });
      if (withMemory && choice.chosen === undefined && choice.unloadable.length === 0) {
        throw new UserError(`--memory chooses among GGUF quantizations; no file name of ${id} carries one (such as Q4_K_M)`, ExitCode.noMatch);
      }
      choices.set(key, choice);
    }
    return choice;
  };
  return { view, quant };
}

/**
 * One app's snippets for a model it runs (the caller has checked that it does). The command that downloads the
 * weights starts with the access note of a gated or private model; an app opened by a link signs in by itself.
 */
function appSnippets(appKey: string, target: ModelForApps): Snippet[] {
  const recipe = appRecipeOf(appKey);
  if (!recipe) return [];
  const quant = target.quant(appKey, recipe.picksQuant === true);
  const downloads = getApp(appKey)?.kind !== "deeplink";
  // The first snippet starts the app, which downloads; the others talk to it.
  const { view } = target;
  return recipe.snippets(view, quant).map(({ language, content, install }, index) => ({
    language,
    client: appKey,
    content: finishedCode(language, content, downloads && index === 0 ? view : undefined, recipe.signIn),
    ...(install === undefined ? {} : { install }),
  }));
}

/** getAllLocalAppSnippets, of a record's view. */
export function appSnippetsOf(view: RecordView, options: LocalAppSnippetOptions & { apps?: readonly string[] } = {}): Snippet[] {
  return writeApps(modelForApps(view, options), options.apps);
}

/** The snippets of the apps (all when undefined) that have a recipe and run the target's formats, in the catalogue's order. */
function writeApps(target: ModelForApps, apps: readonly string[] | undefined): Snippet[] {
  return listApps()
    .filter((app) => hasAppRecipe(app.key) && appRunsFormats(app, target.view.formats) && (apps === undefined || apps.includes(app.key)))
    .flatMap((app) => appSnippets(app.key, target));
}

/**
 * appSnippetsOf for groups of apps written one after the other: the quantizations for the memory are chosen at the
 * first group's writing (where a memory no quantization fits throws), once for all of them.
 */
export function appsWriter(view: RecordView, options: LocalAppSnippetOptions): (apps: readonly string[]) => Snippet[] {
  let target: ModelForApps | undefined;
  return (apps) => writeApps((target ??= modelForApps(view, options)), apps);
}

/**
 * Whether the app runs the model: its formats, and for a GGUF repository a quantization it loads (gguf-loaders.ts:
 * Ollama runs none of a repository whose every quantization is split).
 */
function appRunsView(app: LocalApp, view: RecordView): boolean {
  return appRunsFormats(app, view.formats) && (!isGgufModelIn(view.formats) || runsAnyQuant(ggufLoaderOf(app.key), () => view.gguf.quants));
}

/**
 * The apps of the catalogue that run the model (appRunsView), in its order: the decision's `running` apps
 * (src/model-answer/decision.ts) and what `apps list --model` lists. None for a model the Hub has disabled.
 */
export function appsRunningIn(view: RecordView): LocalApp[] {
  return view.disabled ? [] : listApps().filter((app) => appRunsView(app, view));
}

/**
 * The apps with a recipe that run a model of these formats (a record's view holds them), split in two: the
 * shortlist's (data/apps.json), which a default answer shows, and the others, which it names. An app that is the
 * only kind to run a model is shown even off the shortlist. Given the view, an app that loads none of its GGUF
 * quantizations is left out (appRunsView).
 */
export function shortlistFor(formats: ReadonlySet<ModelFormat>, view?: RecordView): { shown: string[]; others: string[] } {
  const running = listApps().filter((app) => hasAppRecipe(app.key) && (view ? appRunsView(app, view) : appRunsFormats(app, formats)));
  const shortlisted = running.filter((app) => app.shortlist === true);
  const shown = (shortlisted.length > 0 ? shortlisted : running.slice(0, 1)).map((app) => app.key);
  return { shown, others: running.map((app) => app.key).filter((key) => !shown.includes(key)) };
}
