import type { Snippet } from "../snippets/clients.js";
import { snippetsText } from "./snippets-text.js";

// Written as text rather than drawn by Ink: Ink lays text out in boxes and breaks long lines at the window's width.
export function showSnippets(snippets: Snippet[]): void {
  process.stdout.write(snippetsText(snippets));
}
