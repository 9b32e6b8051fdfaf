import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getLocalAppSnippets } from "../../src/snippets/apps/snippets.js";

/*
 * Issue 42, B, C and F: what the local apps install and which file they are given, on records written as the Hub's
 * model API answers them.
 */

const appModels = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url)), "utf8")) as Record<string, unknown>;
const appModel = (name: string): ModelRecord => ModelRecordSchema.parse(appModels[name]);
const code = (model: ModelRecord, app: string, memory?: string) => getLocalAppSnippets(model, app, memory === undefined ? undefined : { memory }).map((snippet) => snippet.content).join("\n");

describe("B: Pi", () => {
  it.each(["gguf-agent", "mlx-agent"])("installs @earendil-works/pi-coding-agent on %s, never the frozen, deprecated @mariozechner scope", (name) => {
    const pi = code(appModel(name), "pi");
    expect(pi).toContain("npm install -g --ignore-scripts @earendil-works/pi-coding-agent");
    expect(pi).not.toContain("@mariozechner");
  });
});
