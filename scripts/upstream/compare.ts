/*
 * What changed between two releases, fact by fact, and whether our tables already follow each change: a key added
 * or removed, a value changed, an entry gained or lost by a list, a list reordered.
 */
import { isDeepStrictEqual } from "node:util";
import { misplacement, orderChange } from "./order.js";
import { addedSentence, changedSentence, listSentence, orderSentence, removedSentence } from "./sentences.js";
import { tableIds, tables, type Change, type FactTables, type Facts, type TableId } from "./tables.js";

/** Fields of ours that hold only part of upstream's list (we call a provider at some of its base URLs). */
const partialFields: Partial<Record<TableId, readonly string[]>> = { provider: ["directBaseUrls"] };

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
const includes = (list: unknown, entry: unknown) => Array.isArray(list) && list.some((item) => same(item, entry));

/** Whether our row agrees with upstream's on every field it holds. */
function rowAgrees(table: TableId, want: Facts, have: Facts): string | undefined {
  for (const field of Object.keys(want)) {
    const [wanted, held] = [want[field], have[field]];
    const partial = partialFields[table]?.includes(field) && Array.isArray(wanted) && Array.isArray(held);
    if (partial ? !held.every((entry) => includes(wanted, entry)) : !same(wanted, held))
      return `in ${tables[table].ours}, ${field} is ${JSON.stringify(held)} there`;
  }
  return undefined;
}

function keyChanges(table: TableId, before: Map<string, Facts>, after: Map<string, Facts>, ours: Map<string, Facts> | undefined): Change[] {
  const file = tables[table].ours;
  const changes: Change[] = [];
  for (const [key, facts] of after) {
    if (before.has(key)) continue;
    const row = ours?.get(key);
    const disagreement = row && ours && (rowAgrees(table, facts, row) ?? misplacement(table, key, after, ours));
    changes.push({
      table,
      key,
      sentence: addedSentence(table, key, facts),
      followed: ours ? row !== undefined && disagreement === undefined : undefined,
      ...(ours && !row ? { because: `missing from ${file}` } : disagreement ? { because: disagreement } : {}),
    });
  }
  for (const key of before.keys()) {
    if (after.has(key)) continue;
    const held = ours?.has(key);
    changes.push({ table, key, sentence: removedSentence(table, key), followed: ours ? !held : undefined, ...(held ? { because: `still in ${file}` } : {}) });
  }
  return changes;
}

function fieldChanges(table: TableId, key: string, before: Facts, after: Facts, ours: Map<string, Facts> | undefined): Change[] {
  const file = tables[table].ours;
  const row = ours?.get(key);
  const changes: Change[] = [];
  const judged = (field: string, sentence: string, agrees: (held: unknown) => boolean): Change => {
    if (!ours) return { table, key, field, sentence, followed: undefined };
    if (!row) return { table, key, field, sentence, followed: false, because: `${key} is missing from ${file}` };
    const held = row[field];
    return agrees(held)
      ? { table, key, field, sentence, followed: true }
      : { table, key, field, sentence, followed: false, because: `${file} has ${field} ${JSON.stringify(held) ?? "absent"}` };
  };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [old, now] = [before[field], after[field]];
    if (same(old, now)) continue;
    if (Array.isArray(old) && Array.isArray(now)) {
      const gained = now.filter((entry) => !includes(old, entry));
      const lost = old.filter((entry) => !includes(now, entry));
      for (const entry of gained) changes.push(judged(field, listSentence(table, key, field, entry, true), (held) => includes(held, entry)));
      for (const entry of lost) changes.push(judged(field, listSentence(table, key, field, entry, false), (held) => !includes(held, entry)));
      if (gained.length === 0 && lost.length === 0) changes.push(judged(field, orderSentence(table, key, field), (held) => same(held, now)));
    } else changes.push(judged(field, changedSentence(table, key, field, old, now), (held) => same(held, now)));
  }
  return changes;
}

/** Every change from `before` to `after`, table by table, each held against `ours`. */
export function compareReleases(before: FactTables, after: FactTables, ours: FactTables): Change[] {
  return tableIds.flatMap((table) => {
    const held = tables[table].ours ? ours[table] : undefined;
    const changes = [...keyChanges(table, before[table], after[table], held), ...orderChange(table, before[table], after[table], held)];
    for (const [key, facts] of after[table]) {
      const old = before[table].get(key);
      if (old) changes.push(...fieldChanges(table, key, old, facts, held));
    }
    return changes;
  });
}
