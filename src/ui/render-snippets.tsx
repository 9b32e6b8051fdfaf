import type { Snippet } from "../snippets/clients.js";
import { printOnce } from "./render-once.js";
import { SnippetsView } from "./SnippetsView.js";

export function showSnippets(snippets: Snippet[]): void {
  printOnce(<SnippetsView snippets={snippets} />);
}
