import { listProviders, providerTaskOf, type Provider } from "../../catalogue/providers.js";
import { ExitCode, UserError } from "../../errors.js";
import { liveProviders } from "../../model/provider-mapping.js";
import { readRecordArgument } from "../record-source.js";
import { inferenceKindOf } from "../../snippets/inference/request.js";
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

function forModel(file: string, task: string | undefined): { providers: ListedProvider[]; why: string } {
  const model = readRecordArgument(file);
  const live = liveProviders(model);
  if (live.length === 0)
    throw new UserError(`${model.id}: the record has no inferenceProviderMapping (fetch it with ?expand[]=inferenceProviderMapping)`, ExitCode.noMatch);
  const kind = task ?? inferenceKindOf(model) ?? model.pipeline_tag;
  const rows = listProviders(kind === undefined ? {} : { task: kind });
  const providers = live.flatMap((entry) => {
    const row = rows.find((provider) => provider.id === entry.provider);
    return row ? [{ ...row, providerModelId: entry.providerId }] : [];
  });
  return {
    providers,
    why: `no provider of the table serves ${model.id}${kind === undefined ? "" : ` for ${providerTaskOf(kind)}`}`,
  };
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
