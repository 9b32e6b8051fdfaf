import { formatsOf } from "../catalogue/apps.js";
import type { ModelFormat } from "../catalogue/schema.js";
import { accessOf, type RecordAccess } from "./access.js";
import { filesAreOnlyGgufWeights, ggufParameterCount, isGgufRepositoryWith, isModelGguf } from "./gguf.js";
import { ggufQuantsOf, type GgufQuantFiles } from "./gguf-quants.js";
import { cardOptsOutOfInference, isDisabled } from "./hosting.js";
import { libraryKeyFrom } from "./library-key.js";
import { entryIn, hasProviderMapping, isLive, providerMappingOf, withTaskFromLive, type ProviderMappingEntry } from "./provider-mapping.js";
import type { ModelRecord } from "./record.js";
import { saysItsKindWith } from "./says-its-kind.js";
import { siblings, type Sibling } from "./siblings.js";

/*
 * One record, read once: what the decision of a model's snippets (src/snippets/model-snippets.ts and what it calls to
 * choose providers, the library and the apps) knows of it. Each fact is worked out here by the function of src/model/
 * (or the catalogue) that also answers it alone, from the record's files and mapping read a single time;
 * test/model/record-view.test.ts holds every fact to that function over the corpus of Hub records.
 */

/** The record's inferenceProviderMapping, in either of the Hub's shapes, as one list. */
export interface ProviderFacts {
  /** Whether the record carries a mapping at all: an empty one says that no provider serves it. */
  mapped: boolean;
  /** Every entry, in the record's order, adapter fields included (providerMappingOf). */
  entries: readonly ProviderMappingEntry[];
  /** The entries that serve the model now (liveProviders). */
  live: readonly ProviderMappingEntry[];
  /** A provider's entry for a task, else its first (mappingEntryOf). */
  entryFor(provider: string, task: string): ProviderMappingEntry | undefined;
}

/** What the record's file list and `gguf` section say of its GGUF files. */
export interface GgufFacts {
  /** The Hub's library_name or tag says GGUF, or a file is one (isGgufRepository). */
  repository: boolean;
  /** Its model weights are GGUF files only (holdsOnlyGgufWeights). */
  onlyGgufWeights: boolean;
  /** The .gguf files that hold a model (no vision projector, importance matrix or MTP head), in the record's order. */
  modelFiles: readonly string[];
  /** The parameter count of the `gguf` section (ggufParameterCount). */
  parameters: number | undefined;
  /** Its quantizations, biggest first, with their files, split groups and sizes (ggufQuantFiles); read when first asked. */
  readonly quants: readonly GgufQuantFiles[];
}

/** A model record as the decision reads it. */
export interface RecordView extends RecordAccess {
  /** The record as given: what the loading code and the apps' commands are written from. */
  record: ModelRecord;
  /** The record with the task its mapping names filled in when it has no pipeline_tag (withTaskFromMapping). */
  tasked: ModelRecord;
  /** The task: the record's pipeline_tag, else its mapping's. */
  task: string | undefined;
  /** The card's library_name, as given. */
  library: string | undefined;
  /** The library whose loading code it gets (libraryKeyOf): llama-cpp-python for GGUF files. */
  libraryKey: string | undefined;
  /** Its files (`siblings`), with their sizes when given. */
  files: readonly Sibling[];
  providers: ProviderFacts;
  /** The Hub has disabled the model (isDisabled): nothing runs it. */
  disabled: boolean;
  /** Its card says `inference: false` (cardOptsOutOfInference): hf-inference is never assumed for it. */
  inferenceOptOut: boolean;
  gguf: GgufFacts;
  /** Whether it holds anything that tells what kind of model it is (saysItsKind). */
  saysItsKind: boolean;
  /** The kinds of model it is, as local apps tell them apart (modelFormats); read when first asked. */
  readonly formats: ReadonlySet<ModelFormat>;
}

let built = 0;

/** How many views have been built in this process: a test checks that one answer builds one per record. */
export const viewsBuilt = (): number => built;

function providerFacts(model: ModelRecord): ProviderFacts {
  const entries = providerMappingOf(model);
  return {
    mapped: hasProviderMapping(model),
    entries,
    live: entries.filter(isLive),
    entryFor: (provider, task) => entryIn(entries, provider, task),
  };
}

/** Reads the record once into its view. */
export function recordView(model: ModelRecord): RecordView {
  built += 1;
  const files = siblings(model);
  const names = files.map((sibling) => sibling.file);
  const providers = providerFacts(model);
  const tasked = withTaskFromLive(model, providers.live);
  const repository = isGgufRepositoryWith(model, names);
  let quants: GgufQuantFiles[] | undefined;
  let formats: Set<ModelFormat> | undefined;
  let modelFiles: string[] | undefined;
  let onlyGgufWeights: boolean | undefined;
  const onlyGguf = () => (onlyGgufWeights ??= filesAreOnlyGgufWeights(names));
  return {
    ...accessOf(model),
    record: model,
    tasked,
    task: tasked.pipeline_tag,
    library: model.library_name,
    libraryKey: libraryKeyFrom(model.library_name, () => repository, onlyGguf),
    files,
    providers,
    disabled: isDisabled(model),
    inferenceOptOut: cardOptsOutOfInference(model),
    gguf: {
      repository,
      get onlyGgufWeights() {
        return onlyGguf();
      },
      get modelFiles() {
        return (modelFiles ??= names.filter(isModelGguf));
      },
      get parameters() {
        return ggufParameterCount(model);
      },
      get quants() {
        return (quants ??= ggufQuantsOf(files));
      },
    },
    saysItsKind: saysItsKindWith(model, names),
    get formats() {
      return (formats ??= formatsOf(model, repository));
    },
  };
}
