import type { KindedSnippet } from "../presenters/snippet-sections.js";
import { snippetsText } from "./snippets-text.js";

// Written as text rather than drawn by Ink: Ink lays text out in boxes and breaks long lines at the window's width.
export function showSnippets(snippets: KindedSnippet[]): void {
  process.stdout.write(snippetsText(snippets));
}
