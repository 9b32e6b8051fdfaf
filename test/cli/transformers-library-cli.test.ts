import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * Issue 32, defects 5 and 8 (and issue 34, item 1), as the CLI prints them: transformers' install lines name what
 * the model's code needs, and its loading code places a generative model and produces an output.
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/libraries/${name}.json`, import.meta.url));

describe("snippet --library for transformers models", () => {
  it("DETR: the install line adds pillow and timm", () => {
    const { stdout, code } = runCli(["snippet", fixture("transformers-object-detection-detr"), "--library"]);
    expect(code).toBe(0);
    expect(stdout.match(/^# pip install .*$/gm)).toEqual([
      "# pip install -U transformers torch pillow timm",
      "# pip install -U transformers torch pillow timm",
    ]);
  });

  it("video classification: the install line adds av", () => {
    const { stdout } = runCli(["snippet", fixture("transformers-video-classification"), "--library", "--json"]);
    const items = JSON.parse(stdout) as { install: string }[];
    expect(items.map((item) => item.install)).toEqual(["pip install -U transformers torch pillow av", "pip install -U transformers torch pillow av"]);
  });

  it("summarization: the code places the model with device_map, generates and prints the summary", () => {
    const { stdout, code } = runCli(["snippet", fixture("transformers-summarization"), "--lang", "python", "--client", "transformers"]);
    expect(code).toBe(0);
    expect(stdout).toContain('device_map="auto"');
    expect(stdout).toContain('inputs = tokenizer(text, return_tensors="pt").to(model.device)');
    expect(stdout).toContain("print(tokenizer.decode(outputs[0], skip_special_tokens=True))");
  });
});
