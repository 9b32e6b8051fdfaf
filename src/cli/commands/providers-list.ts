import { listProviders, providerTaskOf, type Provider } from "../../catalogue/providers.js";
import { ExitCode, UserError } from "../../errors.js";
import { readRecordArgument } from "../record-source.js";
import { recordView } from "../../model/view.js";
import { namedLiveProviders } from "../../inference/provider-choice.js";
import { presentTable, writeJson } from "../output.js";

export interface ProvidersListOptions {
  task?: string;
  model?: string;
  json?: boolean;
}

/** A provider row as listed: with --model, the provider's id for the model from the record's mapping. */
interface ListedProvider extends Provider {
  providerModelId?: string;
}

/**
 * The record's live providers that a snippet's --provider accepts by name (namedLiveProviders, the rule the snippet
 * decision reads; without the snippet engine), with their ids for it from the mapping; the task given, else the
 * model's inference kind, narrows them to those serving it.
 */
function forModel(file: string, task: string | undefined): { providers: ListedProvider[]; why: string } {
  const view = recordView(readRecordArgument(file));
  const { id, kind, providers: mapping } = view;
  if (mapping.live.length === 0)
    throw new UserError(`${id}: the record has no inferenceProviderMapping (fetch it with ?expand[]=inferenceProviderMapping)`, ExitCode.noMatch);
  const { accepted } = namedLiveProviders(view);
  const asked = task ?? kind ?? view.task;
  const rows = listProviders(asked === undefined ? {} : { task: asked });
  const providers = mapping.live.flatMap((entry) => {
    const row = accepted.includes(entry.provider) ? rows.find((provider) => provider.id === entry.provider) : undefined;
    return row ? [{ ...row, providerModelId: entry.providerId }] : [];
  });
  return { providers, why: `no provider of the table serves ${id}${asked === undefined ? "" : ` for ${providerTaskOf(asked)}`}` };
}

export async function providersList(options: ProvidersListOptions): Promise<void> {
  const { providers, why } =
    options.model !== undefined
      ? forModel(options.model, options.task)
      : {
          providers: listProviders(options.task === undefined ? {} : { task: options.task }) as ListedProvider[],
          why: `no provider serves ${options.task}`,
        };
  if (options.json) writeJson(providers);
  else if (providers.length > 0) {
    await presentTable({
      headers: options.model !== undefined ? ["ID", "LABEL", "MODEL ID", "KEY", "TASKS"] : ["ID", "LABEL", "KEY", "TASKS"],
      rows: providers.map((provider) => [
        provider.id,
        provider.label,
        ...(options.model !== undefined ? [provider.providerModelId ?? ""] : []),
        provider.apiKeyEnv,
        provider.tasks.join(", "),
      ]),
    });
  }
  if (providers.length === 0) throw new UserError(`${why}; try \`hub-snippets providers list\` to see them all`, ExitCode.noMatch);
}
