import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { textToAudioModelTypes } from "../../src/libraries/transformers-js.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";
import { runtimePackage, runtimesInstalled } from "../helpers/test-runtimes.js";

/*
 * Issue 51, item 4: which model types transformers.js's text-to-audio pipeline loads, held to the installed
 * @huggingface/transformers (test/runtimes/): the pipeline loads its model with AutoModelForTextToWaveform or
 * AutoModelForTextToSpectrogram, whose MODEL_CLASS_MAPPINGS name the model types. Every type of those maps gets
 * pipeline() code, under either task name; a Kokoro repository (style_text_to_speech_2, a model class the package has
 * but no pipeline loads) gets kokoro-js code: the one deliberate difference, since the package alone refuses it.
 */

interface AutoClass {
  MODEL_CLASS_MAPPINGS: Map<string, unknown>[];
}

const available = runtimesInstalled(["@huggingface/transformers"], "The transformers.js model-type checks are");
const packageDir = runtimePackage("@huggingface/transformers");

const snippetOf = (pipeline_tag: string, model_type: string) =>
  getLibrarySnippets(
    ModelRecordSchema.parse({
      id: `someone/tiny-${model_type}`,
      library_name: "transformers.js",
      pipeline_tag,
      tags: ["transformers.js"],
      config: { model_type },
    }),
  )[0]!;

describe.skipIf(!available)("transformers.js: the text-to-speech code follows the model types the package's pipeline loads", () => {
  let theirs: string[] = [];
  let classes: Record<string, unknown> = {};
  let version = "";

  beforeAll(async () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      version: string;
      exports: Record<string, { node?: { import?: string } }>;
    };
    version = manifest.version;
    const entry = manifest.exports["."]?.node?.import ?? "./dist/transformers.node.mjs";
    classes = (await import(pathToFileURL(join(packageDir, entry)).href)) as Record<string, unknown>;
    const autos = ["AutoModelForTextToWaveform", "AutoModelForTextToSpectrogram"].map((name) => classes[name] as AutoClass);
    theirs = autos.flatMap((auto) => auto.MODEL_CLASS_MAPPINGS.flatMap((mapping) => [...mapping.keys()]));
  }, 120_000);

  it("names the model types of the package's text-to-audio maps, and no other", () => {
    expect([...textToAudioModelTypes].sort()).toEqual([...theirs].sort());
  });

  it("writes pipeline() code for every type the pipeline loads, and kokoro-js code for Kokoro", () => {
    const shapes: string[] = [];
    const differences: string[] = [];
    for (const tag of ["text-to-speech", "text-to-audio"]) {
      for (const type of theirs) {
        shapes.push(`${tag} ${type}`);
        const snippet = snippetOf(tag, type);
        expect(snippet.content, `${tag} ${type}`).toContain(`await pipeline(${JSON.stringify(tag)}`);
      }
      shapes.push(`${tag} style_text_to_speech_2`);
      const kokoro = snippetOf(tag, "style_text_to_speech_2");
      expect(kokoro.content).toContain('import { KokoroTTS } from "kokoro-js";');
      expect(kokoro.install).toBe("npm install kokoro-js");
      differences.push(`${tag} style_text_to_speech_2: kokoro-js, not the package's pipeline (it has StyleTextToSpeech2Model, which no pipeline loads)`);
    }
    expect(typeof classes["StyleTextToSpeech2Model"]).toBe("function");
    expect(theirs).not.toContain("style_text_to_speech_2");
    console.log(
      `transformers.js: ${shapes.length} shapes, ${differences.length} deliberate differences from @huggingface/transformers ${version}${differences.map((line) => `\n  - ${line}`).join("")}`,
    );
  });
});
