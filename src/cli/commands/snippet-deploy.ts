import { getDeploySnippets, noDeployError, type DeployAnswer, type DeploySnippet } from "../../deploy/deploy.js";
import { checkDeployTarget, deployTargetLabels, type DeployTarget } from "../../deploy/targets.js";
import { ExitCode, UserError, type ExitCodeValue } from "../../errors.js";
import { emitSnippets, indexOption, label, pickByIndex } from "../snippet-output.js";
import { warn } from "../output.js";
import { loadModel, type ModelArgumentOptions } from "../model-argument.js";
import { checkNotebookOptions, emitNotebook } from "../notebook-output.js";
import type { ModelRecord } from "../../model/record.js";
import { recordView } from "../../model/view.js";
import { deployNotebook } from "../../notebook/deploy-notebook.js";

/** The options of `snippet` that --deploy reads, or refuses. */
export interface DeployCommandOptions extends ModelArgumentOptions {
  deploy?: string | boolean;
  vendor?: string;
  instance?: string;
  region?: string;
  context?: string;
  name?: string;
  engineArg?: string[];
  env?: string[];
  memory?: string;
  lang?: string;
  client?: string;
  json?: boolean;
  copy?: boolean;
  index?: string;
  library?: boolean;
  app?: string;
  provider?: string | boolean;
  direct?: boolean;
  stream?: boolean;
  billTo?: string;
  endpointUrl?: string;
  token?: string;
  notebook?: boolean;
}

/*
 * `snippet <record> --deploy [target]`: the code that deploys the model on a dedicated endpoint, from the deploy
 * decision (src/deploy/), printed as the other snippets are. Loaded only when --deploy is given: the default
 * answer never reads the deploy tables.
 */

/** The options of another kind of snippet, which --deploy leaves out. */
const otherKinds: readonly [keyof DeployCommandOptions, string][] = [
  ["library", "--library"],
  ["app", "--app"],
  ["provider", "--provider"],
  ["direct", "--direct"],
  ["stream", "--stream"],
  ["billTo", "--bill-to"],
  ["endpointUrl", "--endpoint-url"],
  ["token", "--token"],
];

function checkDeployOptions(options: DeployCommandOptions): DeployTarget | undefined {
  const target = typeof options.deploy === "string" ? checkDeployTarget(options.deploy) : undefined;
  if (options.notebook) checkNotebookOptions(options);
  for (const [option, flag] of otherKinds) {
    const value = options[option];
    if (value !== undefined && value !== false) throw new UserError(`--deploy writes deploy code, which ${flag} does not apply to: leave ${flag} out`);
  }
  return target;
}

/** --context: a whole number of tokens, 256 or more (exit 2 otherwise). */
function contextOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const tokens = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(tokens) || tokens < 256) throw new UserError(`--context '${text}' is not a number of tokens (256 or more, e.g. 32768)`);
  return tokens;
}

/** --env NAME=VALUE, each: a variable's name and its value (exit 2 for another shape). */
function environmentOption(pairs: readonly string[] | undefined): Record<string, string> | undefined {
  if (pairs === undefined) return undefined;
  const environment: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (match === null) throw new UserError(`--env '${pair}' is not NAME=VALUE (a name of letters, digits and underscores, e.g. MAX_BATCH_SIZE=8)`);
    environment[match[1]!] = match[2]!;
  }
  return environment;
}

/** Nothing matched: the filters left nothing out of what exists (exit 1, with what does), or no target serves the model. */
function nothingMatched(
  model: { id: string },
  answer: DeployAnswer,
  unfiltered: DeployAnswer,
  target: DeployTarget | undefined,
  options: DeployCommandOptions,
): UserError {
  if (unfiltered.snippets.length > 0) {
    const wanted = [options.lang, options.client].filter(Boolean).join("/");
    return new UserError(
      `no ${wanted} deploy snippet for ${model.id}; deploy snippets exist for: ${[...new Set(unfiltered.snippets.map(label))].join(", ")}`,
      ExitCode.noMatch,
    );
  }
  return noDeployError(model, answer, target);
}

/** A failure the user can fix, as data: the command's bundle and the caller's hold different UserError classes. */
export interface DeployFailure {
  message: string;
  exitCode: ExitCodeValue;
}

/**
 * deployCommand, with a UserError returned as data rather than thrown: in the CLI's bundles this module is a bundle
 * of its own (dist/deploy.cjs), whose UserError is not the class the caller's error handler knows.
 */
export async function runDeployCommand(source: string | undefined, options: DeployCommandOptions): Promise<DeployFailure | undefined> {
  try {
    await deployCommand(source, options);
    return undefined;
  } catch (error) {
    if (error instanceof UserError) return { message: error.message, exitCode: error.exitCode };
    throw error;
  }
}

/**
 * `--deploy --notebook`: the notebook of one form of the code, whose cells run top to bottom: a notebook of several
 * would create an endpoint on each cloud (or two on SageMaker) at "Run all".
 */
function writeDeployNotebook(model: ModelRecord, answer: DeployAnswer, picked: readonly DeploySnippet[]): void {
  if (picked.length > 1) {
    const forms = picked.map((snippet) => `${snippet.target}/${snippet.client}`).join(", ");
    throw new UserError(
      `a deploy notebook creates one endpoint, and ${forms} would each create one: choose with --deploy <target> (and --client for SageMaker's two forms) or --index`,
    );
  }
  const plans = answer.plans.filter((plan) => picked.some((snippet) => snippet.target === plan.target));
  const notebook = deployNotebook(recordView(model), { ...answer, snippets: [...picked], plans });
  if (notebook !== undefined) emitNotebook(notebook, model.id);
}

export async function deployCommand(source: string | undefined, options: DeployCommandOptions): Promise<void> {
  const target = checkDeployOptions(options);
  const index = indexOption(options.index);
  const model = loadModel(source, options);
  const context = contextOption(options.context);
  const endpoint = { name: options.name, engineArgs: options.engineArg, env: environmentOption(options.env) };
  const asked = { target, memory: options.memory, vendor: options.vendor, instance: options.instance, region: options.region, context, ...endpoint };
  const answer = getDeploySnippets(model, { ...asked, language: options.lang, client: options.client });
  if (answer.snippets.length === 0) {
    const filtered = options.lang !== undefined || options.client !== undefined;
    throw nothingMatched(model, answer, filtered ? getDeploySnippets(model, asked) : answer, target, options);
  }
  const picked = pickByIndex(answer.snippets, index);
  if (options.notebook) writeDeployNotebook(model, answer, picked);
  else await emitSnippets(picked, options);
  for (const note of answer.notes) warn(note);
  if (target === undefined) {
    for (const [name, why] of Object.entries(answer.missing)) warn(`no ${deployTargetLabels[name as DeployTarget]} code: ${why}`);
  }
}
