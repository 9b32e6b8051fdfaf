import type { LocalApp } from "../catalogue/schema.js";
import type { Table } from "./document.js";

/** The local apps as a table: key, label, how they are reached, what they run, and whether a recipe exists. */
export function appTable(apps: readonly LocalApp[], hasRecipe: (key: string) => boolean): Table {
  return {
    headers: ["KEY", "LABEL", "KIND", "RUNS", "MACOS ONLY", "SNIPPETS"],
    rows: apps.map((app) => [app.key, app.label, app.kind, app.appliesTo.join(", ") || "-", app.macOSOnly ? "yes" : "no", hasRecipe(app.key) ? "yes" : "no"]),
  };
}
