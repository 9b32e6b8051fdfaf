import { appRunsFormats, getApp, listApps } from "../../src/catalogue/apps.js";
import type { LocalApp } from "../../src/catalogue/schema.js";
import { accessOf } from "../../src/model/access.js";
import type { ModelFormat } from "../../src/catalogue/schema.js";
import { formatsOf } from "../../src/model/formats.js";
import { holdsOnlyGgufWeights, isGgufRepository } from "../../src/model/gguf.js";
import { ggufQuantsOf, type GgufQuantFiles } from "../../src/model/gguf-quants.js";
import { libraryKeyFrom } from "../../src/model/library-key.js";
import { liveProviders, withTaskFromLive } from "../../src/model/provider-mapping.js";
import type { ModelRecord } from "../../src/model/record.js";
import { siblings } from "../../src/model/siblings.js";
import { recordView } from "../../src/model/view.js";
import { accessNoteFor, tokenSignIn, type HubSignIn } from "../../src/code/access-note.js";
import { appSnippetsOf, type LocalAppSnippetOptions } from "../../src/apps/snippets.js";
import type { Snippet } from "../../src/code/snippet.js";
import { chooseAmongQuants, type GgufChoice, type GgufChoiceOptions } from "../../src/weights/gguf-choice.js";
import { inferenceKindOf } from "../../src/model/inference-kind.js";
import { checkOptions, type InferenceSnippetOptions } from "../../src/inference/options.js";
import { providerChoiceOf, type ProviderChoice } from "../../src/inference/provider-choice.js";
import { requestFor, type InferenceRequest } from "../../src/inference/request.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { librarySnippetsOf } from "../../src/libraries/snippets.js";
import { refusingUnsendable } from "../../src/validation/unsendable-field.js";

/*
 * One step of the decision, asked of a record: the product asks each of a record's view, built once per answer
 * (issue 41), and exports none of these. The tests ask of many records one step at a time, so each builds the view.
 */

/** The inference request of the SDK snippets, as getInferenceSnippets builds it; undefined for a task without an example. */
export function buildInferenceRequest(model: ModelRecord, options: InferenceSnippetOptions = {}): InferenceRequest | undefined {
  const kind = inferenceKindOf(model);
  return kind === undefined ? undefined : requestFor(recordView(model), kind, checkOptions(options));
}

/** The provider of the record's inference snippets for a kind: the one asked for, else what the record says. */
export const chooseProvider = (model: ModelRecord, kind: InferenceKind, asked: string | undefined): ProviderChoice =>
  providerChoiceOf(recordView(model), kind, asked);

/** The loading code of the record's own library. */
export const getLibrarySnippets = (model: ModelRecord): Snippet[] => refusingUnsendable(model, () => librarySnippetsOf(recordView(model)));

/**
 * One app's commands for the record; none when the app is unknown, has no recipe or does not run the model, before
 * any option is read (a --memory asked of a model without GGUF files is refused only by an app that would run it).
 */
export function getLocalAppSnippets(model: ModelRecord, appKey: string, options: LocalAppSnippetOptions = {}): Snippet[] {
  const view = recordView(model);
  const app = getApp(appKey);
  return app !== undefined && appRunsFormats(app, view.formats) ? appSnippetsOf(view, { ...options, apps: [appKey] }) : [];
}

/** Every app's commands for the record, app by app in the catalogue's order. */
export const getAllLocalAppSnippets = (model: ModelRecord, options: LocalAppSnippetOptions & { apps?: readonly string[] } = {}): Snippet[] =>
  appSnippetsOf(recordView(model), options);

/** The apps whose formats take the record's. */
export const appsForModel = (model: ModelRecord): LocalApp[] => {
  const { formats } = recordView(model);
  return listApps().filter((app) => appRunsFormats(app, formats));
};

/** Whether an app's formats take the record's. */
export const appRunsModel = (app: LocalApp, model: ModelRecord): boolean => appRunsFormats(app, recordView(model).formats);

/** The quantization chosen among the record's GGUF files. */
export function chooseGgufQuant(model: ModelRecord, options: GgufChoiceOptions = {}): GgufChoice {
  const { id, gguf } = recordView(model);
  return chooseAmongQuants({ id, parameters: gguf.parameters }, gguf.quants, options);
}

/** What a user must do before downloading a gated or private model's files, read from the record's own fields. */
export const accessNote = (model: ModelRecord, signIn: HubSignIn = tokenSignIn): string | undefined => accessNoteFor(accessOf(model), signIn);

/*
 * Record-level facts the view reads once (src/model/), asked of a record alone: each builds what the view builds.
 */

/** The kinds of model the record is, as local apps tell them apart. */
export const modelFormats = (model: ModelRecord): Set<ModelFormat> => formatsOf(model, isGgufRepository(model));

/** The record's GGUF quantizations, biggest first. */
export const ggufQuantFiles = (model: ModelRecord): GgufQuantFiles[] => ggufQuantsOf(siblings(model));

/** The record with the task its live mapping names when it has no pipeline_tag. */
export const withTaskFromMapping = (model: ModelRecord): ModelRecord =>
  model.pipeline_tag !== undefined ? model : withTaskFromLive(model, liveProviders(model));

/** The library whose loading code the record gets: llama-cpp-python for GGUF files, else its library_name. */
export const libraryKeyOf = (model: ModelRecord): string | undefined =>
  libraryKeyFrom(
    model.library_name,
    () => isGgufRepository(model),
    () => holdsOnlyGgufWeights(model),
  );
