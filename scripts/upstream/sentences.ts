/*
 * How a change is said: one sentence per fact, naming the row as a maintainer knows it ("library `kerasformers` was
 * removed", "provider `deepinfra` now serves `text-to-image`").
 */
import { tables, type TableId } from "./tables.js";

const shown = (value: unknown): string => (value === undefined ? "absent" : typeof value === "string" ? `\`${value}\`` : `\`${JSON.stringify(value)}\``);

/** The row as a sentence names it. */
export function subject(table: TableId, key: string): string {
  if (table === "ggufSizeOrder") return "the GGUF size order (GGUF_QUANT_ORDER)";
  if (table === "inferenceGating") return `the ${key} snippet`;
  return `${tables[table].kind} \`${key}\``;
}

export function addedSentence(table: TableId, key: string, facts: Record<string, unknown>): string {
  const snippets = table === "library" ? (facts["hasSnippets"] === true ? ", with a snippet function" : ", without a snippet function") : "";
  return `${subject(table, key)} was added${snippets}`;
}

export function removedSentence(table: TableId, key: string): string {
  return `${subject(table, key)} was removed`;
}

/** A field whose single value changed. */
export function changedSentence(table: TableId, key: string, field: string, before: unknown, after: unknown): string {
  if (table === "app" && field === "kind") return `${subject(table, key)} became ${after === "deeplink" ? "a deep link" : "a snippet to run"}`;
  if (table === "library" && field === "hasSnippets")
    return `${subject(table, key)} ${after === true ? "gained a snippet function" : "lost its snippet function"}`;
  if (table === "inferenceGating" && field === "requiresConversationalTag" && typeof after === "boolean") {
    return `${subject(table, key)} ${after ? "now requires" : "no longer requires"} the \`conversational\` tag`;
  }
  if (table === "inferenceTemplate") return `${subject(table, key)} was rewritten`;
  return `${subject(table, key)} ${field} changed from ${shown(before)} to ${shown(after)}`;
}

/** An entry one release's list has and the other's lacks. */
export function listSentence(table: TableId, key: string, field: string, entry: unknown, gained: boolean): string {
  if (table === "provider" && field === "tasks") return `${subject(table, key)} ${gained ? "now serves" : "no longer serves"} ${shown(entry)}`;
  if (table === "provider" && field === "directBaseUrls") return `${subject(table, key)} ${gained ? "now calls" : "no longer calls"} base URL ${shown(entry)}`;
  if (table === "ggufSizeOrder") return `${subject(table, key)} ${gained ? "now lists" : "no longer lists"} ${shown(entry)}`;
  return `${subject(table, key)} ${field} ${gained ? "gained" : "lost"} ${shown(entry)}`;
}

/** The same entries, in another order. */
export function orderSentence(table: TableId, key: string, field: string): string {
  return table === "ggufSizeOrder" ? `${subject(table, key)} changed order` : `${subject(table, key)} ${field} changed order`;
}
