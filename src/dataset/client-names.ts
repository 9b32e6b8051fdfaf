import { unknownIdError } from "../catalogue/nearest.js";
import { datasetClientNames } from "./client-name-list.js";

/*
 * The names of the dataset clients, from the rows of clients.ts (client-name-list.ts is generated from them): kept
 * apart from the generators so that `--help` and option checks do not load them.
 */
export { datasetClientNames };

export type DatasetClientName = (typeof datasetClientNames)[number];

/** Whether a name is one of the dataset clients. */
export const isDatasetClient = (name: string): name is DatasetClientName => (datasetClientNames as readonly string[]).includes(name);

/** A client as given (`--client`, the library's `client`): one of the names, else an unknown id (exit 1) with the nearest. */
export function checkDatasetClient(name: string | undefined): void {
  if (name !== undefined && !isDatasetClient(name))
    throw unknownIdError("dataset client", name, datasetClientNames, `one of: ${datasetClientNames.join(", ")}`);
}
