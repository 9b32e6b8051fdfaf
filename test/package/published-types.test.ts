import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

describe("the published type declarations (issue 43, 7)", () => {
  const project = mkdtempSync(join(tmpdir(), "hub-snippets-consumer-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("type-check in a project without Node's types (types: [], skipLibCheck off)", () => {
    // The package by its name, as an install puts it: a link to this checkout, whose dist/ the build wrote.
    mkdirSync(join(project, "node_modules"));
    symlinkSync(root, join(project, "node_modules", "hub-snippets"), "dir");
    writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(project, "consumer.ts"),
      [
        'import * as api from "hub-snippets";',
        'import { getModelSnippets, getTask, listTasks, listQuantTypes, ModelRecordSchema, type Task } from "hub-snippets";',
        'const task: Task | undefined = getTask("translation");',
        'const model = ModelRecordSchema.parse({ id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" });',
        'export const kinds: string[] = getModelSnippets(model, { language: "python" }).snippets.map((snippet) => snippet.kind);',
        'export const id: string = task?.id ?? "";',
        "export const count: number = listTasks({}).length + listQuantTypes().length;",
        "export const names: string[] = Object.keys(api);",
        "",
      ].join("\n"),
    );
    // The DOM library stands for a browser or bundler project: zod's own declarations name URL.
    const compilerOptions = { module: "nodenext", target: "es2022", lib: ["es2022", "dom"], strict: true, noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
    const result = spawnSync(process.execPath, [tsc, "-p", project], { encoding: "utf8", timeout: 120_000 });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });
});
