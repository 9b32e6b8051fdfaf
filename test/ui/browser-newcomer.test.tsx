import { describe, expect, it } from "vitest";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { keys, record, renderApp, taskById, type } from "./browser-helpers.js";

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("a record's path on the model chooser", () => {
  it("takes example:<name>, as the CLI does", async () => {
    const view = renderApp();
    await type(view.stdin, "/text-to-image\r", "s", "p", "example:whisper-large-v3\r");
    expect(view.frame()).toContain("Model: openai/whisper-large-v3");
    expect(view.frame()).toContain("from example:whisper-large-v3");
  });

  it("names the shipped examples for an example: it does not know", async () => {
    const view = renderApp();
    await type(view.stdin, "/text-to-image\r", "s", "p", "example:nope\r");
    expect(view.frame()).toContain("example:nope: no such example");
    expect(view.frame().replace(/\s+/g, " ")).toContain("example:flux.1-dev");
  });

  it("says so in the input's footer", async () => {
    const view = renderApp({ columns: 120 });
    await type(view.stdin, "/text-to-image\r", "s", "p");
    expect(view.footer()).toContain("example:<name>");
  });
});

describe("a catalogue model's page", () => {
  it("says its record is guessed (hf-inference only) and gives the command that fetches the real one", async () => {
    const view = renderApp({ columns: 120, rows: 40 });
    const model = taskById("text-to-image").models[0]!.id;
    await type(view.stdin, "/text-to-image\r", "s", keys.enter);
    const frame = plain(view.frame());
    expect(frame).toContain(`Model: ${model}`);
    expect(frame).toContain("Guessed record: the catalogue holds no record of this model");
    expect(frame).toContain(`curl -sg 'https://huggingface.co/api/models/${model}?blobs=true`);
  });

  it("says nothing of the kind for a record read from a file", async () => {
    const file = "examples/flux.1-dev.json";
    const view = renderApp({ columns: 120, rows: 40, initialModel: { model: record(file), origin: file } });
    await type(view.stdin);
    expect(plain(view.frame())).not.toContain("Guessed record");
  });
});

describe("the Local apps tab", () => {
  it("opens on the app the CLI's shortlist puts first, and lists the shortlist's apps first, in its order", async () => {
    for (const file of ["examples/flux.1-dev.json", "examples/llama-3.2-3b-instruct-gguf.json"]) {
      const model = record(file);
      const shortlist = [...new Set(getModelSnippets(model, { kind: "app" }).snippets.map((snippet) => snippet.client))];
      const view = renderApp({ columns: 200, rows: 40, initialModel: { model, origin: file } });
      await type(view.stdin);
      for (let press = 0; press < 3 && !/App:/.test(view.frame()); press += 1) await type(view.stdin, keys.tab);
      const appLine =
        plain(view.frame())
          .split("\n")
          .find((line) => line.startsWith("App:")) ?? "";
      expect(appLine, file).toMatch(new RegExp(`^App:\\s+\\[${shortlist[0]!.replace(".", "\\.")}\\b`));
      const others = /←\/→ for (.*)$/.exec(appLine)?.[1]?.split(", ") ?? [];
      expect(others.slice(0, shortlist.length - 1), file).toEqual(shortlist.slice(1));
    }
  });
});
