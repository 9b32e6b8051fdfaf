import { existsSync } from "node:fs";
import { listApps } from "../../catalogue/apps.js";
import { nearestIds } from "../../catalogue/nearest.js";
import { ExitCode, UserError } from "../../errors.js";
import { loadDeployCommand } from "../load-deploy-command.js";
import { loadNotebookCommand } from "../load-notebook-command.js";
import { loadModel } from "../model-argument.js";
import type { ModelRecord } from "../../model/record.js";
import { clientNames, clientsByLanguage, clientsMeantBy } from "../../inference/clients.js";
import { checkLanguage, isLanguage } from "../../code/languages.js";
import { checkOptions, providerChoices } from "../../inference/options.js";
import { loadChatFeatures } from "../../inference/load-chat-features.js";
import { noExampleMessage } from "../../inference/request.js";
import { recipeKeys } from "../../libraries/recipe-keys.js";
import { deployTargetsFor, isDeployTarget } from "../../deploy/targets.js";
import { snippetKinds, type AnswerFilter, type ModelChoices, type ModelSnippet, type ModelSnippets } from "../../model-answer/answer.js";
import { decideModel, type ModelDecision } from "../../model-answer/decision.js";
import { answerOf, filterOf } from "../../model-answer/filter.js";
import { examplePrefix } from "../example-names.js";
import { emitSnippets, indexOption, pickByIndex } from "../snippet-output.js";
import { warn, writeJson, writeStdout } from "../output.js";
import { checkLibraryOptions, explainNoLibrarySnippet, type LibraryCheckedOptions } from "./library-snippets.js";

export interface SnippetCommandOptions extends LibraryCheckedOptions {
  client?: string;
  json?: boolean;
  copy?: boolean;
  /** The n-th of the selected snippets (1-based, as given on the command line). */
  index?: string;
  library?: boolean;
  app?: string;
  memory?: string;
  id?: string;
  task?: string;
  tag?: string[];
  notebook?: boolean;
  /** `--deploy [target]`: true without a target. */
  deploy?: string | boolean;
  vendor?: string;
  instance?: string;
  region?: string;
  context?: string;
  name?: string;
  engineArg?: string[];
  env?: string[];
}

/** --lang must be a language; --client an inference client, a library with loading code, or a local app. */
function checkLanguageAndClient(options: SnippetCommandOptions): void {
  const client = options.client;
  if (client === undefined) return;
  const inferenceClients: readonly string[] = options.lang !== undefined && isLanguage(options.lang) ? clientsByLanguage[options.lang] : clientNames;
  if (inferenceClients.includes(client)) return;
  // A library's or an app's code: an inference option cannot change it, and would hide it (exit 1, "no snippet").
  if ((recipeKeys as readonly string[]).includes(client)) return checkLibraryOptions(options, `--client ${client}`);
  const appKeys = listApps().map((app) => app.key);
  if (appKeys.includes(client)) return checkLibraryOptions(options, `--client ${client}`);
  const meant = clientsMeantBy(client, options.lang !== undefined && isLanguage(options.lang) ? options.lang : undefined);
  const near = meant.length > 0 ? meant : nearestIds(client, [...inferenceClients, ...recipeKeys, ...appKeys]);
  const scope = options.lang === undefined ? "" : ` for ${options.lang}`;
  const hint = near.length > 0 ? `did you mean ${near.join(", ")}?` : `inference clients: ${inferenceClients.join(", ")}; or a library or app key`;
  // An unknown id, as an unknown task or library: nothing matches (exit 1), with the nearest ids.
  throw new UserError(`unknown client '${client}'${scope}; ${hint}`, ExitCode.noMatch);
}

/**
 * `--provider` with no id: the record's live providers that `--provider <id>` accepts, one per line (exit 1 when
 * there are none); live providers it does not accept (not known to this tool, for a task other than chat) on stderr.
 */
function listLiveProviders(model: ModelRecord, json: boolean | undefined): void {
  const live = decideModel(model).liveProviders;
  if (live === undefined)
    throw new UserError(`${model.id}: the record has no inferenceProviderMapping, so no live providers to list; give --provider <id>`, ExitCode.noMatch);
  const { accepted, unknown } = live;
  const refused = unknown.length === 0 ? "" : `; live but not known to this tool, which writes calls to unknown providers only for chat: ${unknown.join(", ")}`;
  if (accepted.length === 0) throw new UserError(`${model.id}: no live provider to list${refused}`, ExitCode.noMatch);
  if (json) writeJson(accepted);
  else writeStdout(accepted.map((provider) => `${provider}\n`).join(""));
  if (refused !== "") warn(`${model.id}: not listed${refused}`);
}

/** Why nothing came out, as one line (exit 1): the filters matched none of the snippets that exist, or none exist. */
async function nothingMatched(decision: ModelDecision, query: AnswerFilter, answer: ModelSnippets): Promise<UserError> {
  const { record: model } = decision.view;
  if (answer.refused !== undefined) return new UserError(answer.refused, ExitCode.noMatch);
  if (query.kind === "library") return explainNoLibrarySnippet(model, query, answer);
  if (query.kind === "app") return (await import("./apps.js")).explainNoAppSnippet(decision, query.app ?? "");
  // What the kinds would write without --lang and --client, in the answer's order.
  const all = snippetKinds.flatMap((kind) => answer.beforeFilter?.[kind] ?? []);
  if (all.length > 0) {
    const wanted = [query.language, query.client].filter(Boolean).join("/");
    return new UserError(`no ${wanted} snippet for ${model.id}; snippets exist for: ${[...new Set(all)].join(", ")}`, ExitCode.noMatch);
  }
  // The reasons first: the catalogue's stock line comes last, where the inference reason does not hold it already.
  const reasons = Object.entries(answer.missing).map(([kind, why]) => `${kind}: ${why}`);
  const stock = answer.missing.inference?.includes(noExampleMessage) ? "" : ` (${noExampleMessage})`;
  return new UserError(`no code for ${model.id}: ${reasons.join("; ")}${stock}`, ExitCode.noMatch);
}

/**
 * `snippet --provider model.json`: commander gives the record to --provider as its value, and no record. A value that
 * is no provider but names a record (a .json file, `-`, example:<name>, a file that exists) is the record, and
 * --provider was given alone: list the record's providers, as `snippet model.json --provider` does.
 */
function recordTakenByProvider(source: string | undefined, options: SnippetCommandOptions): string | undefined {
  const value = options.provider;
  if (source !== undefined || options.id !== undefined || typeof value !== "string" || providerChoices().includes(value)) return undefined;
  return value === "-" || value.startsWith(examplePrefix) || value.endsWith(".json") || existsSync(value) ? value : undefined;
}

/** `snippet --deploy model.json`: as with --provider, a value that is no target but names a record is the record. */
function recordTakenByDeploy(source: string | undefined, options: SnippetCommandOptions): string | undefined {
  const value = options.deploy;
  if (source !== undefined || options.id !== undefined || typeof value !== "string" || isDeployTarget(value)) return undefined;
  return value === "-" || value.startsWith(examplePrefix) || value.endsWith(".json") || existsSync(value) ? value : undefined;
}

/** The options only --deploy reads: what each sets of a dedicated endpoint. */
const deployOnlyFlags: readonly [keyof SnippetCommandOptions, string, string][] = [
  ["vendor", "--vendor", "chooses a dedicated endpoint's hardware"],
  ["instance", "--instance", "chooses a dedicated endpoint's hardware"],
  ["region", "--region", "chooses a dedicated endpoint's hardware"],
  ["context", "--context", "chooses a dedicated endpoint's hardware"],
  ["name", "--name", "names a dedicated endpoint"],
  ["engineArg", "--engine-arg", "sets a dedicated endpoint's container"],
  ["env", "--env", "sets a dedicated endpoint's container"],
];

export async function snippetCommand(argument: string | undefined, asGiven: SnippetCommandOptions): Promise<void> {
  const deployTaken = recordTakenByDeploy(argument, asGiven);
  if (deployTaken !== undefined || asGiven.deploy !== undefined) {
    const options = {
      ...asGiven,
      lang: asGiven.lang === undefined ? undefined : checkLanguage(asGiven.lang),
      ...(deployTaken === undefined ? {} : { deploy: true as const }),
    };
    const failure = await (await loadDeployCommand()).runDeployCommand(deployTaken ?? argument, options);
    if (failure !== undefined) throw new UserError(failure.message, failure.exitCode);
    return;
  }
  const deployFlag = deployOnlyFlags.find(([option]) => asGiven[option] !== undefined);
  if (deployFlag !== undefined) throw new UserError(`${deployFlag[1]} ${deployFlag[2]}: give it with --deploy`);
  const taken = recordTakenByProvider(argument, asGiven);
  const source = taken ?? argument;
  const options = {
    ...asGiven,
    lang: asGiven.lang === undefined ? undefined : checkLanguage(asGiven.lang),
    ...(taken === undefined ? {} : { provider: true as const }),
  };
  if (options.policy !== undefined) loadChatFeatures().checkPolicyConflicts(options.policy, options);
  if (options.provider === true) return listLiveProviders(loadModel(source, options), options.json);
  if (options.library && options.app !== undefined) throw new UserError("give either --library or --app, not both");
  if (options.memory !== undefined && options.app === undefined)
    throw new UserError("--memory picks the quantization a local app or a dedicated endpoint runs: give it with --app or --deploy");
  if (options.library || options.app !== undefined) checkLibraryOptions(options, options.app !== undefined ? "--app" : "--library");
  else checkLanguageAndClient(options);
  if (options.notebook) (await import("../notebook-output.js")).checkNotebookOptions(options);
  if (options.direct && options.provider === undefined) throw new UserError("--direct needs a named provider: add --provider <id>");
  // A provider the table does not know may still be one the record maps live (the router reaches it for chat):
  // that is decided once the record is read.
  const named = options.provider as string | undefined;
  const unknownNamed = named !== undefined && !options.direct && !providerChoices().includes(named);
  const files = options.jsonSchema !== undefined || options.tools !== undefined ? await import("../json-schema-file.js") : undefined;
  const jsonSchema = options.jsonSchema === undefined ? undefined : files?.readJsonSchemaFile(options.jsonSchema);
  const tools = options.tools === undefined ? undefined : files?.readOptionJson("--tools", options.tools, "tool definitions");
  // Checked once, before the record is read; the decision takes them as checked.
  const checked = checkOptions({ ...options, provider: unknownNamed ? undefined : named, jsonSchema, tools });
  const index = indexOption(options.index);
  const model = loadModel(source, options);

  const choices: ModelChoices = {
    memory: options.memory,
    provider: options.provider as string | undefined,
    direct: options.direct,
    stream: options.stream,
    billTo: options.billTo,
    endpointUrl: options.endpointUrl,
    token: options.token,
    policy: checked.policy,
    jsonSchema,
    tools,
  };
  // The kind asked for: --library's, else the one an app or an inference option implies, as getModelSnippets reads it.
  const filter = filterOf({ ...choices, kind: options.library ? "library" : undefined, app: options.app, language: options.lang, client: options.client });
  const decision = decideModel(model, choices, checked);
  const answer = answerOf(decision, filter);
  if (answer.inapplicable?.stream !== undefined) throw new UserError(`--stream does not apply: ${answer.inapplicable.stream}; leave it out`, ExitCode.noMatch);
  // On failure (nothing matched, a failed copy) the one error line says why; the notes are about snippets written.
  if (answer.snippets.length === 0) throw await nothingMatched(decision, filter, answer);
  if (options.notebook) {
    const written = (await loadNotebookCommand()).runModelNotebook(decision, answer, pickByIndex(answer.snippets, index));
    if (written.failure !== undefined) throw new UserError(written.failure.message, written.failure.exitCode);
    for (const note of written.notes) warn(note);
    return;
  }
  await emitSnippets(pickByIndex(answer.snippets, index), options);
  for (const note of answer.notes) warn(note);
  if (options.token !== undefined) warn("the token is now written in the snippet: do not share or commit it");
  if (options.app !== undefined && options.memory !== undefined) (await import("./apps.js")).warnIfMemoryIgnored(options.app, options.memory);
  if (filter.kind === undefined) hintOtherApps(model, answer.snippets, answer.otherApps);
  // The plain default answer says in one line where deploy code is written for the model (--deploy).
  const plain = filter.kind === undefined && options.lang === undefined && options.client === undefined && index === undefined && !options.json;
  const targets = plain ? deployTargetsFor(decision.view) : [];
  if (targets.length > 0) warn(`${model.id} can also be deployed on a dedicated endpoint (${targets.join(", ")}): snippet --deploy [target]`);
}

/** One line that names the apps a default answer left out, and how to get their commands. */
function hintOtherApps(model: ModelRecord, shown: readonly ModelSnippet[], others: readonly string[]): void {
  if (others.length === 0 || !shown.some((snippet) => snippet.kind === "app")) return;
  warn(`${model.id} also runs in: ${others.join(", ")} (snippet --app <key>)`);
}
