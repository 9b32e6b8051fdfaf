import { render } from "ink-testing-library";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { inferBuilderOfFiles } from "../../src/dataset/builders.js";
import { formatOfPath } from "../../src/dataset/view.js";
import { getModelSnippets } from "../../src/index.js";
import { isLiveFor } from "../../src/model/provider-mapping.js";
import { Text } from "../../src/ui/browser/VisibleText.js";
import { terminalControl } from "../../src/values/terminal-controls.js";

/*
 * Unit expectations for rules that only the optional environments' checks caught in the mutation study (the
 * 🤗 Datasets differential in .venv-datasets, the browser in tmux), or that no test caught (issue 65, 4): here they run
 * in every `npm test` and in `npm run test:unit`, without a venv.
 * Each expectation is written from its authority: datasets 5.0.1's load.py (infer_module_for_data_files_list: the
 * most common extension; on a draw .parquet, then .lance, .arrow, .jsonl, .json, .csv, then the extension's name,
 * highest first; metadata files last), the dataset viewer's JSON reading (a .json file may hold a JSON array), and
 * the terminal control set, and the router's mapping (@huggingface/inference 4.13.30, getInferenceProviderMapping: an
 * entry of another task is refused, "not supported for task … and provider …").
 */

const builderOf = (files: string[]) => {
  const inferred = inferBuilderOfFiles(files);
  return inferred.builder;
};

describe("which builder reads a list of files (datasets 5.0.1, load.py)", () => {
  it("takes the most common extension", () => {
    expect(builderOf(["a.csv", "b.csv", "c.parquet"])).toBe("csv");
    expect(builderOf(["a.jsonl", "b.jsonl", "c.parquet"])).toBe("json");
  });

  it("lets .parquet win a draw, then .arrow, .jsonl, .json, .csv", () => {
    expect(builderOf(["a.csv", "b.parquet"])).toBe("parquet");
    expect(builderOf(["b.parquet", "a.csv"])).toBe("parquet");
    expect(builderOf(["a.csv", "b.arrow"])).toBe("arrow");
    expect(builderOf(["a.csv", "b.json"])).toBe("json");
  });

  it("counts a metadata file after every data file", () => {
    expect(builderOf(["images/a.png", "metadata.csv", "metadata.jsonl"])).toBe("imagefolder");
  });
});

describe("JSON files by name", () => {
  it("reads .json as JSON (an array or lines: the reader sniffs it), .jsonl and .ndjson as JSON Lines", () => {
    expect(formatOfPath("train.json")).toBe("json");
    expect(formatOfPath("train.json.gz")).toBe("json");
    expect(formatOfPath("train.jsonl")).toBe("jsonl");
    expect(formatOfPath("train.ndjson.zst")).toBe("jsonl");
  });
});

describe("the browser's text", () => {
  it("shows C1 controls, U+2028 and the BOM as escapes, never raw", () => {
    const { lastFrame, unmount } = render(createElement(Text, null, "a\u009b31mb\u0085c\u2028d\ufeffe"));
    const frame = lastFrame() ?? "";
    unmount();
    expect([...frame].filter((char) => terminalControl.test(char) && char !== "\n")).toEqual([]);
    expect(frame).toContain("\\u009b31mb\\u0085c\\u2028d\\ufeffe");
  });
});

describe("which mapping entries a call goes to (the router's mapping rules)", () => {
  const entry = (task: string | undefined, status = "live") => ({
    provider: "p",
    providerId: "x",
    status,
    task,
    adapter: undefined,
    adapterWeightsPath: undefined,
  });

  it("takes a live entry of the call's task, or of none; never one of another task, nor one not live", () => {
    expect(isLiveFor(entry("text-to-image"), "text-to-image")).toBe(true);
    expect(isLiveFor(entry(undefined), "text-to-image")).toBe(true);
    expect(isLiveFor(entry("conversational"), "text-to-image")).toBe(false);
    expect(isLiveFor(entry("text-to-image", "staging"), "text-to-image")).toBe(false);
  });

  it("posts a text-to-image call to the provider mapped for it, not to one mapped live for chat only", () => {
    const record = {
      id: "acme/painter",
      pipeline_tag: "text-to-image",
      tags: [],
      library_name: "diffusers",
      inferenceProviderMapping: {
        "fal-ai": { status: "live", providerId: "acme/chat-only", task: "conversational" },
        together: { status: "live", providerId: "acme/paint", task: "text-to-image" },
      },
    };
    const raw = getModelSnippets(record, { kind: "inference", client: "requests" }).snippets;
    expect(raw).toHaveLength(1);
    expect(raw[0]!.content).toContain("acme/paint");
    expect(raw[0]!.content).not.toContain("acme/chat-only");
    expect(raw[0]!.content).not.toContain("fal");
  });
});
