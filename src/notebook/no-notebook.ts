/** Why an answer makes no notebook: none of its snippets is Python or a shell line a notebook runs. */
export function noNotebookReason(id: string, snippets: readonly { language: string; client: string }[]): string {
  const offered = [...new Set(snippets.map((snippet) => `${snippet.language}/${snippet.client}`))].join(", ");
  return `${id}: no Python code for a notebook${offered === "" ? "" : ` (only ${offered}, which run outside one)`}`;
}
