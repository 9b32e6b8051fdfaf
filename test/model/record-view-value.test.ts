import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";

/*
 * The record's view is a plain fast value (issue 41): V8 keeps it and its parts in fast mode, where each fact the
 * decision reads is a fixed offset, not a hash lookup (an object literal with per-record getters had made every view
 * after the first a dictionary); and it is built per call, so that a record changed between two calls gets a new
 * answer.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-view-shape-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const example = (name: string) => JSON.parse(readFileSync(`${root}examples/${name}.json`, "utf8")) as Record<string, unknown>;
const records = ["llama-3.2-3b-instruct-gguf", "qwen2.5-7b-instruct", "flux.1-dev", "whisper-large-v3"].map(example);

/** What the child reports of each view: whether the view and each part has fast properties, after every fact was read. */
const probe = `
import { recordView } from "./view.mjs";
const records = JSON.parse(process.argv[2]);
const report = [];
for (const [index, record] of records.entries()) {
  const view = recordView(record);
  // Read every fact, the ones worked out when first asked included: a memo written later must not change the shape.
  void [view.id, view.private, view.gated, view.task, view.kind, view.library, view.libraryKey, view.files, view.disabled, view.inferenceOptOut, view.saysItsKind];
  void [view.providers.mapped, view.providers.live, view.providers.entryFor("together", "conversational")];
  void [view.gguf.repository, view.gguf.onlyGgufWeights, view.gguf.modelFiles, view.gguf.parameters, view.gguf.quants, view.formats];
  if (view.kind !== undefined) view.exampleFor(view.kind);
  report.push({ index, view: %HasFastProperties(view), gguf: %HasFastProperties(view.gguf), providers: %HasFastProperties(view.providers) });
}
process.stdout.write(JSON.stringify(report));
`;

describe("the record's view is a fast value", () => {
  it("has fast properties, and so do its GGUF and provider parts, from the second view on", async () => {
    const parsed = records.map((record) => ModelRecordSchema.parse(record));
    await build({
      entryPoints: [`${root}src/model/view.ts`],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: join(scratch, "view.mjs"),
      logLevel: "error",
      // The data files are found from the module's place in the package (src/paths.ts), not from the scratch folder.
      define: { "import.meta.dirname": JSON.stringify(`${root}src`) },
    });
    writeFileSync(join(scratch, "probe.mjs"), probe);
    const run = spawnSync(process.execPath, ["--allow-natives-syntax", join(scratch, "probe.mjs"), JSON.stringify([...parsed, ...parsed])], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as { index: number; view: boolean; gguf: boolean; providers: boolean }[];
    expect(report).toHaveLength(parsed.length * 2);
    // The second and third views (and every later one) are where an object literal with getters went to dictionary mode.
    for (const row of report.slice(1)) expect(row, `view ${row.index}`).toEqual({ index: row.index, view: true, gguf: true, providers: true });
  });
});

describe("a record changed between calls gets the new answer", () => {
  const fresh = (record: ModelRecord): ModelRecord => structuredClone(record);

  it("of getModelSnippets and getInferenceSnippets, however the record changed", () => {
    const model = ModelRecordSchema.parse(example("qwen2.5-7b-instruct"));
    const changes: [what: string, change: (record: ModelRecord) => void][] = [
      ["its id", (record) => (record.id = "someone/renamed-model")],
      ["its task", (record) => (record.pipeline_tag = "text-classification")],
      // The tag decides chat only where nothing that serves the model does (issue 58): asked of it without a mapping or template.
      ["its tags", (record) => (record.tags = record.tags.filter((tag) => tag !== "conversational"))],
      ["its mapping", (record) => (record.inferenceProviderMapping = { nscale: { providerId: "someone/served", status: "live", task: "conversational" } })],
      ["its library", (record) => (record.library_name = "gguf")],
      ["its files", (record) => (record["siblings"] = [{ rfilename: "model-Q4_K_M.gguf" }, { rfilename: "model-Q8_0.gguf" }])],
      ["its access", (record) => (record["gated"] = "manual")],
      ["its widget", (record) => (record.widgetData = [{ text: "A changed question" }])],
    ];
    const untemplated = (record: ModelRecord): ModelRecord => {
      const { inferenceProviderMapping: _mapping, ...rest } = record;
      return { ...rest, config: { ...rest.config, tokenizer_config: {} } };
    };
    for (const [what, change] of changes) {
      const record = what === "its tags" ? untemplated(fresh(model)) : fresh(model);
      const before = getModelSnippets(record, { allApps: true });
      const inferenceBefore = getInferenceSnippets(record);
      change(record);
      const after = getModelSnippets(record, { allApps: true });
      expect(after, what).toEqual(getModelSnippets(fresh(record), { allApps: true }));
      expect(after, what).not.toEqual(before);
      expect(getInferenceSnippets(record), what).toEqual(getInferenceSnippets(fresh(record)));
      // getInferenceSnippets writes hf-inference's call unless told otherwise: the mapping, library, files and access do not change it.
      if (!["its mapping", "its library", "its files", "its access"].includes(what)) expect(getInferenceSnippets(record), what).not.toEqual(inferenceBefore);
    }
  });
});
