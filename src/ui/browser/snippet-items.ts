import type { Snippet } from "../../code/snippet.js";

/** Where the page stands in a tab's snippets: an item (a snippet, or a group of one client's) and a step in it. */
export interface ItemPosition {
  item: number;
  step: number;
}

/** A tab's snippets as the page walks them: one item per snippet, or per client when the tab groups them. */
export interface SnippetItems {
  /** Each item's snippets, in order. */
  items: Snippet[][];
  /** Each item's label: `js/fetch`, or the client of a group. */
  labels: string[];
}

const label = (snippet: Snippet) => `${snippet.language}/${snippet.client}`;

/**
 * The items of a tab: snippets one by one (numbered #1, #2 where one client has several in a language: a count of
 * its own would read as the line's `1 of n`), or by client.
 */
export function snippetItems(snippets: readonly Snippet[], groupsByClient: boolean): SnippetItems {
  if (groupsByClient) {
    const groups = new Map<string, Snippet[]>();
    for (const snippet of snippets) groups.set(snippet.client, [...(groups.get(snippet.client) ?? []), snippet]);
    return { items: [...groups.values()], labels: [...groups.keys()] };
  }
  const seen = new Map<string, number>();
  const labels = snippets.map((snippet) => {
    const base = label(snippet);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const total = snippets.filter((other) => label(other) === base).length;
    return total > 1 ? `${base} #${count}` : base;
  });
  return { items: snippets.map((snippet) => [snippet]), labels };
}

/** The position held inside the items (a change of toggles may leave fewer). */
export function clampPosition(position: ItemPosition, items: readonly Snippet[][]): ItemPosition {
  const item = Math.min(position.item, Math.max(0, items.length - 1));
  const step = Math.min(position.step, Math.max(0, (items[item]?.length ?? 1) - 1));
  return { item, step };
}
