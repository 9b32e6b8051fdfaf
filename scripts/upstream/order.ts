/*
 * The order of the tables our files keep in the package's order (the oracle tests hold data/ to it): an added row
 * is followed only where our file lists it after the row that precedes it upstream, and a new order of the rows
 * both releases hold is a change of its own.
 */
import { isDeepStrictEqual } from "node:util";
import { tables, type Change, type Facts, type TableId } from "./tables.js";

export const orderedTables: ReadonlySet<TableId> = new Set<TableId>(["pipeline", "modality", "library", "app", "datasetLibrary"]);

/** Why our file has an added key in another place than upstream, or undefined where it has it in the same. */
export function misplacement(table: TableId, key: string, after: Map<string, Facts>, ours: Map<string, Facts>): string | undefined {
  if (!orderedTables.has(table)) return undefined;
  const upstream = [...after.keys()];
  const held = [...ours.keys()];
  const previous = upstream[upstream.indexOf(key) - 1];
  const at = held.indexOf(key);
  if (previous === undefined) return at === 0 ? undefined : `${tables[table].ours} does not list it first`;
  return held[at - 1] === previous ? undefined : `${tables[table].ours} does not list it right after \`${previous}\``;
}

/** The rows both releases hold, in a new order. */
export function orderChange(table: TableId, before: Map<string, Facts>, after: Map<string, Facts>, ours: Map<string, Facts> | undefined): Change[] {
  if (!orderedTables.has(table)) return [];
  const now = [...after.keys()].filter((key) => before.has(key));
  if (
    isDeepStrictEqual(
      now,
      [...before.keys()].filter((key) => after.has(key)),
    )
  )
    return [];
  const sentence = `the ${tables[table].kind} list changed order`;
  if (!ours) return [{ table, key: "order", sentence, followed: undefined }];
  const followed = isDeepStrictEqual(
    [...ours.keys()].filter((key) => after.has(key)),
    [...after.keys()].filter((key) => ours.has(key)),
  );
  return [{ table, key: "order", sentence, followed, ...(followed ? {} : { because: `${tables[table].ours} keeps another order` }) }];
}
