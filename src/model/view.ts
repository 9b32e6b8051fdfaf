import type { ModelFormat } from "../catalogue/schema.js";
import { accessOf, type RecordAccess } from "./access.js";
import { formatsOf } from "./formats.js";
import { filesAreOnlyGgufWeights, ggufParameterCount, isGgufRepositoryWith, isModelGguf } from "./gguf.js";
import { ggufQuantsOf, type GgufQuantFiles } from "./gguf-quants.js";
import { projectorFor } from "./gguf-projector.js";
import { cardOptsOutOfInference, isDisabled } from "./hosting.js";
import { libraryKeyFrom } from "./library-key.js";
import { entryIn, hasProviderMapping, isLive, isLiveFor, providerMappingOf, withTaskFromLive, type ProviderMappingEntry } from "./provider-mapping.js";
import type { ModelRecord } from "./record.js";
import { saysItsKindWith } from "./says-its-kind.js";
import { siblings, type Sibling } from "./siblings.js";
import { exampleFor, type Example } from "./examples.js";
import { inferenceKindOf } from "./inference-kind.js";
import type { InferenceKind } from "../catalogue/inference-kinds.js";

/*
 * One record, read once: what the decision of a model's snippets (src/model-answer/model-snippets.ts and what it calls to
 * choose providers, the library and the apps) knows of it. Each fact is worked out here by the function of src/model/
 * (src/inference/ for the call's kind and example) that also answers it alone, from the record's files and
 * mapping read a single time; test/model/record-view.test.ts holds every fact to that function over the corpus of Hub
 * records.
 */

/*
 * The view and its parts are classes: every instance has the same fields, set in its constructor (the facts read
 * when first asked start as undefined), and their accessors live on the prototype. An object literal with getters,
 * made anew per record, left V8 to keep every view from the second on as a dictionary (each read a hash lookup);
 * test/model/record-view-value.test.ts asserts %HasFastProperties on them.
 */

/** The record's inferenceProviderMapping, in either of the Hub's shapes, as one list. */
export class ProviderFacts {
  /** Whether the record carries a mapping at all: an empty one says that no provider serves it. */
  readonly mapped: boolean;
  /** Every entry, in the record's order, adapter fields included (providerMappingOf). */
  readonly entries: readonly ProviderMappingEntry[];
  /** The entries that serve the model now (liveProviders). */
  readonly live: readonly ProviderMappingEntry[];

  constructor(model: ModelRecord) {
    const entries = providerMappingOf(model);
    this.mapped = hasProviderMapping(model);
    this.entries = entries;
    this.live = entries.filter(isLive);
  }

  /** The entries that serve the model now for this task of the mapping (isLiveFor), in the record's order. */
  liveFor(task: string): ProviderMappingEntry[] {
    return this.live.filter((entry) => isLiveFor(entry, task));
  }

  /** A provider's entry for a task, else its first (entryIn). */
  entryFor(provider: string, task: string): ProviderMappingEntry | undefined {
    return entryIn(this.entries, provider, task);
  }
}

/** What the record's file list and `gguf` section say of its GGUF files. */
export class GgufFacts {
  /** The Hub's library_name or tag says GGUF, or a file is one (isGgufRepository). */
  readonly repository: boolean;
  private readonly model: ModelRecord;
  private readonly files: readonly Sibling[];
  private readonly names: readonly string[];
  private onlyGgufWeightsRead: boolean | undefined;
  private modelFilesRead: readonly string[] | undefined;
  private parametersRead: { count: number | undefined } | undefined;
  private quantsRead: readonly GgufQuantFiles[] | undefined;

  constructor(model: ModelRecord, files: readonly Sibling[], names: readonly string[]) {
    this.repository = isGgufRepositoryWith(model, names);
    this.model = model;
    this.files = files;
    this.names = names;
    this.onlyGgufWeightsRead = undefined;
    this.modelFilesRead = undefined;
    this.parametersRead = undefined;
    this.quantsRead = undefined;
  }

  /** Its model weights are GGUF files only (holdsOnlyGgufWeights). */
  get onlyGgufWeights(): boolean {
    return (this.onlyGgufWeightsRead ??= filesAreOnlyGgufWeights(this.names));
  }

  /** The .gguf files that hold a model (no vision projector, importance matrix or MTP head), in the record's order. */
  get modelFiles(): readonly string[] {
    return (this.modelFilesRead ??= this.names.filter(isModelGguf));
  }

  /** The parameter count of the `gguf` section (ggufParameterCount). */
  get parameters(): number | undefined {
    return (this.parametersRead ??= { count: ggufParameterCount(this.model) }).count;
  }

  /** Its quantizations, biggest first, with their files, split groups and sizes; read when first asked. */
  get quants(): readonly GgufQuantFiles[] {
    return (this.quantsRead ??= ggufQuantsOf(this.files));
  }

  /** The vision projector llama.cpp's `-hf` fetches beside this model file (gguf-projector.ts), if any. */
  projectorFor(modelFile: string): Sibling | undefined {
    return projectorFor(this.files, modelFile);
  }
}

/** A model record as the decision reads it. */
export class RecordView implements RecordAccess {
  readonly id: string;
  /** `private: true`: only its owner's tokens read it. */
  readonly private: boolean;
  /** `gated` set to anything but false or null: a user accepts its conditions first. */
  readonly gated: boolean;
  /** The record as given: what the loading code and the apps' commands are written from. */
  readonly record: ModelRecord;
  /** The record with the task its mapping names filled in when it has no pipeline_tag. */
  readonly tasked: ModelRecord;
  /** The task: the record's pipeline_tag, else its mapping's. */
  readonly task: string | undefined;
  /** The inference kind of its task (inferenceKindOf of the tasked record): undefined when no call is written for it. */
  readonly kind: InferenceKind | undefined;
  /** The card's library_name, as given. */
  readonly library: string | undefined;
  /** The library whose loading code it gets: llama-cpp-python for GGUF files. */
  readonly libraryKey: string | undefined;
  /** Its files (`siblings`), with their sizes when given. */
  readonly files: readonly Sibling[];
  /** Its files' names, in the record's order (siblingFiles). */
  readonly fileNames: readonly string[];
  readonly providers: ProviderFacts;
  /** The Hub has disabled the model (isDisabled): nothing runs it. */
  readonly disabled: boolean;
  /** Its card says `inference: false` (cardOptsOutOfInference): hf-inference is never assumed for it. */
  readonly inferenceOptOut: boolean;
  readonly gguf: GgufFacts;
  /** Whether it holds anything that tells what kind of model it is (saysItsKind). */
  readonly saysItsKind: boolean;
  private formatsRead: ReadonlySet<ModelFormat> | undefined;
  private exampleKind: InferenceKind | undefined;
  private exampleRead: Example | undefined;

  /** Reads the record once. */
  constructor(model: ModelRecord) {
    const files = siblings(model);
    const names = files.map((sibling) => sibling.file);
    const access = accessOf(model);
    this.id = access.id;
    this.private = access.private;
    this.gated = access.gated;
    this.record = model;
    this.providers = new ProviderFacts(model);
    this.tasked = withTaskFromLive(model, this.providers.live);
    this.task = this.tasked.pipeline_tag;
    this.kind = inferenceKindOf(this.tasked, this.providers.live);
    this.library = model.library_name;
    this.files = files;
    this.fileNames = names;
    this.disabled = isDisabled(model);
    this.inferenceOptOut = cardOptsOutOfInference(model);
    this.gguf = new GgufFacts(model, files, names);
    const gguf = this.gguf;
    this.libraryKey = libraryKeyFrom(
      model.library_name,
      () => gguf.repository,
      () => gguf.onlyGgufWeights,
    );
    this.saysItsKind = saysItsKindWith(model, names);
    this.formatsRead = undefined;
    this.exampleKind = undefined;
    this.exampleRead = undefined;
  }

  /** The kinds of model it is, as local apps tell them apart; read when first asked. */
  get formats(): ReadonlySet<ModelFormat> {
    return (this.formatsRead ??= formatsOf(this.record, this.gguf.repository));
  }

  /** The input a call of this kind sends, as data (exampleFor): the record's widget example, else the task's; read once per kind. */
  exampleFor(kind: InferenceKind): Example | undefined {
    if (this.exampleKind !== kind) {
      this.exampleRead = exampleFor(this.tasked, kind);
      this.exampleKind = kind;
    }
    return this.exampleRead;
  }
}

/** Reads the record once into its view. */
export function recordView(model: ModelRecord): RecordView {
  return new RecordView(model);
}
