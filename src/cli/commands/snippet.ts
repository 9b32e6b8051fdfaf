import { config as configureZod } from "zod/mini";
import { en } from "zod/v4/locales";
import { ExitCode, UserError } from "../../errors.js";
import { modelRecordFromFlags } from "../../model/from-flags.js";
import { readModelRecord } from "../../model/read.js";
import type { ModelRecord } from "../../model/record.js";
import { clientNames, clientsByLanguage, isLanguage, languages, type Language, type Snippet } from "../../snippets/clients.js";
import { checkOptions } from "../../snippets/inference/options.js";
import { inferenceKindOf, noExampleMessage } from "../../snippets/inference/request.js";
import { getInferenceSnippets, type SnippetFilter } from "../../snippets/inference/snippets.js";
import { emitSnippets, label } from "../snippet-output.js";
import { warn, writeStdout } from "../output.js";
import { liveProviders } from "../../model/provider-mapping.js";
import { checkLibraryOptions, libraryHint, selectLibrarySnippets } from "./library-snippets.js";

// One record is validated per run: interpreting the schema beats compiling it to a function first.
// English messages ("expected array, received string") rather than zod/mini's bare "Invalid input".
configureZod({ jitless: true, ...en() });

export interface SnippetCommandOptions {
  lang?: string;
  client?: string;
  /** `true` when --provider is given without an id: list the record's live providers. */
  provider?: string | true;
  direct?: boolean;
  stream?: boolean;
  billTo?: string;
  endpointUrl?: string;
  token?: string;
  json?: boolean;
  copy?: boolean;
  library?: boolean;
  app?: string;
  memory?: string;
  id?: string;
  task?: string;
  tag?: string[];
}

function checkLanguageAndClient(options: SnippetCommandOptions): void {
  if (options.lang !== undefined && !isLanguage(options.lang)) {
    throw new UserError(`unknown language '${options.lang}' (one of: ${languages.join(", ")})`);
  }
  if (options.client === undefined) return;
  const known: readonly string[] = options.lang !== undefined && isLanguage(options.lang) ? clientsByLanguage[options.lang] : clientNames;
  if (!known.includes(options.client)) {
    const scope = options.lang === undefined ? "" : ` for ${options.lang}`;
    throw new UserError(`unknown client '${options.client}'${scope} (one of: ${known.join(", ")})`);
  }
}

function loadModel(source: string | undefined, options: SnippetCommandOptions): ModelRecord {
  if (source !== undefined && options.id !== undefined) throw new UserError("give either a model record or --id, not both");
  if (source !== undefined) return readModelRecord(source);
  if (options.id !== undefined) return modelRecordFromFlags(options.id, options.task, options.tag ?? []);
  throw new UserError("missing model: give a model record file, - to read it from stdin, or --id <model-id> --task <task>");
}

/** The chosen snippets; when none match, a message that says which clients do have one. */
function select(model: ModelRecord, generate: (filter: SnippetFilter) => Snippet[], options: SnippetCommandOptions): Snippet[] {
  const chosen = generate({ language: options.lang as Language | undefined, client: options.client });
  if (chosen.length > 0) return chosen;
  const all = options.lang === undefined && options.client === undefined ? chosen : generate({});
  if (all.length === 0) {
    const why = model.pipeline_tag === undefined ? " (the record has no pipeline_tag)" : ` (task '${model.pipeline_tag}')`;
    throw new UserError(`${model.id}: ${noExampleMessage}${why}`, ExitCode.noMatch);
  }
  const wanted = [options.lang, options.client].filter(Boolean).join("/");
  throw new UserError(
    `no ${wanted} snippet for ${model.id} (${inferenceKindOf(model)}); snippets exist for: ${all.map(label).join(", ")}`,
    ExitCode.noMatch,
  );
}

/** `--provider` with no id: the record's live providers, one per line (exit 1 when the record maps none). */
function listLiveProviders(model: ModelRecord): void {
  const live = liveProviders(model);
  if (live.length === 0) throw new UserError(`${model.id}: the record has no inferenceProviderMapping, so no live providers to list; give --provider <id>`, ExitCode.noMatch);
  writeStdout(live.map((entry) => `${entry.provider}\n`).join(""));
}

export async function snippetCommand(source: string | undefined, options: SnippetCommandOptions): Promise<void> {
  if (options.provider === true) return listLiveProviders(loadModel(source, options));
  if (options.library && options.app !== undefined) throw new UserError("give either --library or --app, not both");
  if (options.memory !== undefined && options.app === undefined) throw new UserError("--memory picks the quantization a local app runs: give it with --app");
  if (options.library || options.app !== undefined) checkLibraryOptions(options, options.app !== undefined ? "--app" : "--library");
  else checkLanguageAndClient(options);
  checkOptions({ ...options, provider: options.provider as string | undefined });
  const model = loadModel(source, options);
  if (options.library) return emitSnippets(await selectLibrarySnippets(model, options), options);
  if (options.app !== undefined) {
    const { selectAppSnippets } = await import("./apps.js");
    return emitSnippets(selectAppSnippets(model, options.app, options.memory), options);
  }

  const inferenceOptions = {
    provider: options.provider as string | undefined,
    direct: options.direct,
    stream: options.stream,
    billTo: options.billTo,
    endpointUrl: options.endpointUrl,
    token: options.token,
  };
  const snippets = select(model, (filter) => getInferenceSnippets(model, { ...inferenceOptions, ...filter }), options);
  if (options.token !== undefined) warn("the token is now written in the snippet: do not share or commit it");
  await emitSnippets(snippets, options);
  const hint = libraryHint(model);
  if (hint) warn(hint);
}
