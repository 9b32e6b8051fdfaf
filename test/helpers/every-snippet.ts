import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { inferenceTasks } from "../../src/catalogue/inference-kinds.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { getAllLocalAppSnippets, getLibrarySnippets } from "./record-twins.js";

const librariesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const appModels = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url)), "utf8")) as Record<string, unknown>;
const parse = (value: unknown): ModelRecord => ModelRecordSchema.parse(value);

/** Every snippet the tests' records make: each library's fixtures and bare record, each task's calls, each app. */
export function everySnippet(): Snippet[] {
  const fixtures = readdirSync(librariesDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => parse(JSON.parse(readFileSync(`${librariesDir}${file}`, "utf8"))));
  const bare = libraryKeysWithRecipes().map((key) => parse({ id: "someone/some-model", library_name: key }));
  const library = [...fixtures, ...bare].flatMap((model) => getLibrarySnippets(model));
  const inference = Object.keys(inferenceTasks).flatMap((task) => getInferenceSnippets(parse({ id: "someone/some-model", pipeline_tag: task })));
  const apps = Object.values(appModels).flatMap((model) => getAllLocalAppSnippets(parse(model)));
  return [...library, ...inference, ...apps];
}
