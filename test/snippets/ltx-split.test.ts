import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { siblingFiles } from "../../src/model/siblings.js";
import { ltxCli } from "../../src/libraries/ltx-split.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * LTX-2.5 (issue 58): told apart by its id, a tag or its card's base model, and run from its split files with the
 * flags of the LTX-2 repository's own argument parser, as read at one commit (data/ltx-cli.json). Every flag a
 * snippet passes to `python -m ltx_pipelines.<module>` is one that module's parser declares, with a value among its
 * choices where it has some.
 */

const hubRecord = JSON.parse(readFileSync(new URL("../fixtures/hub-records/ltx-2.5-split-weights.json", import.meta.url), "utf8")) as Record<string, unknown>;
const record = (changes: Record<string, unknown>): ModelRecord => ModelRecordSchema.parse({ ...hubRecord, ...changes });
const shellOf = (model: ModelRecord) =>
  getLibrarySnippets(model)
    .map((snippet) => snippet.content)
    .join("\n");

/** Each `python -m ltx_pipelines.<module>` command of a snippet: the module and its flags with the words after each. */
function pipelineCalls(content: string): { module: string; flags: Map<string, string[]> }[] {
  const joined = content.replace(/\\\n\s*/g, " ");
  return joined
    .split("\n")
    .filter((line) => line.includes("python -m ltx_pipelines."))
    .map((line) => {
      const [, module = "", rest = ""] = /python -m ltx_pipelines\.(\S+)(.*)$/.exec(line) ?? [];
      const flags = new Map<string, string[]>();
      let current: string[] | undefined;
      for (const word of rest.trim().split(/\s+/)) {
        if (word.startsWith("--")) flags.set(word, (current = []));
        else current?.push(word);
      }
      return { module, flags };
    });
}

const splitFolders = /models\/ltx\/(diffusion_models|text_encoders|vae|latent_upscale_models)\//;
const withoutTemporal = record({ siblings: (hubRecord["siblings"] as { rfilename: string }[]).filter((sibling) => !sibling.rfilename.includes("temporal")) });

describe("the LTX-2.5 snippets hold to LTX-2's argument parser (data/ltx-cli.json)", () => {
  const cli = ltxCli();

  it("names the repository and the commit it was read at", () => {
    expect(cli.repository).toBe("https://github.com/Lightricks/LTX-2");
    expect(cli.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(cli.sources.length).toBeGreaterThan(0);
  });

  it.each([
    ["the split repository", record({})],
    ["the split repository without a temporal upscaler", withoutTemporal],
  ])("%s: every flag is its pipeline's, with an allowed value", (_, model) => {
    const calls = pipelineCalls(shellOf(model));
    expect(calls.length).toBeGreaterThan(0);
    for (const { module, flags } of calls) {
      const pipeline = cli.pipelines[module];
      expect(pipeline, `ltx_pipelines.${module} was read`).toBeDefined();
      for (const [flag, values] of flags) {
        expect(pipeline?.flags, `${module} ${flag}`).toContain(flag);
        const choices = pipeline?.choices[flag];
        if (choices) expect(choices, `${module} ${flag} ${values.join(" ")}`).toContain(values[0]);
      }
      for (const [flag, needs] of Object.entries(pipeline?.requiredTogether ?? {}))
        if (flags.has(flag) && flags.get(flag)?.[0] !== "0") expect(flags.has(needs), `${flag} needs ${needs}`).toBe(true);
      // Every path the command names is one the snippet downloaded: a file of the record or the detailing LoRA.
      for (const [flag, [value = ""]] of flags) {
        if ((!flag.endsWith("-path") && flag !== "--detailing-lora") || flag === "--output-path") continue;
        const file = value.replace(/^models\/(ltx|detailing)\//, "");
        const known = siblingFiles(model).includes(file) || file === cli.detailingLora.file;
        expect(known, `${flag} ${value}`).toBe(true);
      }
    }
  });

  it("runs the distilled pipeline always, and the detailing one only with the temporal upscaler", () => {
    expect(pipelineCalls(shellOf(record({}))).map((call) => call.module)).toEqual(["distilled", "dfr_pipeline"]);
    expect(pipelineCalls(shellOf(withoutTemporal)).map((call) => call.module)).toEqual(["distilled"]);
  });

  it("installs the workspace with the extra the split VAE needs, and no Gemma repository", () => {
    const content = shellOf(record({}));
    expect(content).toContain(`uv sync --extra ${cli.installExtra}\n`);
    expect(content).not.toContain("gemma-3");
    expect(content).not.toContain("--gemma-root");
  });
});

describe("LTX-2.5 is told apart as upstream tells it: its id, a tag or its base model", () => {
  const split = { siblings: hubRecord["siblings"] };
  it.each([
    ["its id", { id: "Lightricks/LTX-2.5", tags: ["ltx"] }],
    ["a tag", { id: "acme/motion-model", tags: ["ltx", "ltx_2.5"] }],
    ["its card's base model (a string)", { id: "acme/motion-model", tags: ["ltx"], cardData: { base_model: "Lightricks/LTX-2.5" } }],
    ["its card's base model (a list)", { id: "acme/motion-model", tags: ["ltx"], cardData: { base_model: ["Lightricks/LTX2.5"] } }],
  ])("by %s", (_, fields) => {
    expect(shellOf(record({ ...split, ...fields }))).toContain("--transformer-path");
  });

  it("an LTX-2.5 repository without the split files (a LoRA) is downloaded whole, with the extra installed", () => {
    const lora = record({ id: "acme/ltx-2.5-dolly-lora", tags: ["ltx", "lora"], siblings: [{ rfilename: "README.md" }, { rfilename: "dolly.safetensors" }] });
    const content = shellOf(lora);
    expect(content).toContain(`uv sync --extra ${ltxCli().installExtra}`);
    expect(content).toContain("hf download acme/ltx-2.5-dolly-lora --local-dir models/ltx");
  });

  it("an LTX-2.3 repository keeps its checkpoint and Gemma root", () => {
    const content = shellOf(
      record({
        id: "Lightricks/LTX-2.3",
        tags: ["ltx"],
        siblings: [{ rfilename: "ltx-2.3-22b-distilled-1.1.safetensors" }, { rfilename: "ltx-2.3-spatial-upscaler-x2-1.1.safetensors" }],
      }),
    );
    expect(content).toContain("uv sync --frozen");
    expect(content).toContain("--distilled-checkpoint-path");
    expect(content).not.toMatch(splitFolders);
  });
});
