import type { Template } from "@huggingface/jinja";

/** A template's syntax tree, as the engine's parser makes it. */
export type Program = Template["parsed"];

/** Calls `visit` on every node of a syntax tree. */
export function walk(node: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (typeof node === "object" && node !== null) {
    visit(node as Record<string, unknown>);
    for (const child of Object.values(node)) walk(child, visit);
  }
}
