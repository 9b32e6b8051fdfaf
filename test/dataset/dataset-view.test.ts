import { describe, expect, it } from "vitest";
import { resolvePattern } from "../../src/dataset/data-files.js";
import { FileList } from "../../src/dataset/file-list.js";
import { globRegExp } from "../../src/dataset/glob.js";
import { refusedPattern } from "../../src/dataset/layout.js";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { datasetView } from "../../src/dataset/view.js";

const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));
const record = (fields: Record<string, unknown>): DatasetRecord =>
  DatasetRecordSchema.parse({
    _id: "65a1b2c3d4e5f6a7b8c9d0e1",
    id: "someone/data",
    ...fields,
  });

describe("dataset view: configs and splits from the card's data_files, in every shape the Hub writes", () => {
  it("reads a list of split entries, each with a pattern, and finds the files each names", () => {
    const view = datasetView(
      record({
        cardData: {
          configs: [
            {
              config_name: "plain_text",
              data_files: [
                { split: "train", path: "plain_text/train-*" },
                { split: "test", path: "plain_text/test-*" },
              ],
              default: true,
            },
          ],
        },
        siblings: files(
          "README.md",
          "plain_text/test-00000-of-00001.parquet",
          "plain_text/train-00000-of-00002.parquet",
          "plain_text/train-00001-of-00002.parquet",
        ),
      }),
    );
    expect(view.defaultConfig?.name).toBe("plain_text");
    expect(view.configs[0]!.splits.map((split) => [split.name, split.files])).toEqual([
      ["train", ["plain_text/train-00000-of-00002.parquet", "plain_text/train-00001-of-00002.parquet"]],
      ["test", ["plain_text/test-00000-of-00001.parquet"]],
    ]);
  });

  it("reads a split entry whose path is a list, a bare string, a bare list and a split → pattern object", () => {
    const view = datasetView(
      record({
        cardData: {
          configs: [
            {
              config_name: "listed",
              data_files: [{ split: "train", path: ["a/one.csv", "a/two.csv"] }],
            },
            { config_name: "string", data_files: "b/all.jsonl" },
            { config_name: "list", data_files: ["c/x.json", "c/y.json"] },
            {
              config_name: "object",
              data_files: { train: "d/train.tsv", validation: ["d/dev.tsv"] },
            },
          ],
        },
      }),
    );
    expect(view.configs.map((config) => [config.name, config.splits.map((split) => [split.name, split.patterns])])).toEqual([
      ["listed", [["train", ["a/one.csv", "a/two.csv"]]]],
      ["string", [["train", ["b/all.jsonl"]]]],
      ["list", [["train", ["c/x.json", "c/y.json"]]]],
      [
        "object",
        [
          ["train", ["d/train.tsv"]],
          ["validation", ["d/dev.tsv"]],
        ],
      ],
    ]);
  });

  it("roots a config's patterns in its data_dir", () => {
    const view = datasetView(
      record({
        cardData: {
          configs: [
            {
              config_name: "en",
              data_dir: "en/",
              data_files: [{ split: "train", path: "train-*.parquet" }],
            },
          ],
        },
      }),
    );
    expect(view.configs[0]!.splits[0]!.patterns).toEqual(["en/train-*.parquet"]);
  });

  it("takes the card's default config, else one named default, else the first", () => {
    const configs = (names: string[], marked?: string) =>
      names.map((name) => ({
        config_name: name,
        data_files: `${name}.csv`,
        ...(name === marked ? { default: true } : {}),
      }));
    expect(datasetView(record({ cardData: { configs: configs(["a", "b"], "b") } })).defaultConfig?.name).toBe("b");
    expect(datasetView(record({ cardData: { configs: configs(["a", "default"]) } })).defaultConfig?.name).toBe("default");
    expect(datasetView(record({ cardData: { configs: configs(["a", "b"]) } })).defaultConfig?.name).toBe("a");
  });

  it("without configs, groups the data files by the split their path names, as 🤗 Datasets does", () => {
    const view = datasetView(
      record({
        siblings: files(".gitattributes", "README.md", "data/test.csv", "data/train.csv", "data/dev.csv", "images/cover.png"),
      }),
    );
    expect(view.configs.map((config) => [config.name, config.builder, config.splits.map((split) => [split.name, split.files, split.paths])])).toEqual([
      [
        "default",
        "csv",
        [
          ["train", ["data/train.csv"], ["data/train.csv"]],
          ["validation", ["data/dev.csv"], ["data/dev.csv"]],
          ["test", ["data/test.csv"], ["data/test.csv"]],
        ],
      ],
    ]);
    expect(view.formats).toEqual(["csv"]);
  });

  it("reads a script dataset's configs from dataset_info, from the Hub's parquet conversion: a config with a split over 5 GB in part, names as globs that match them alone", () => {
    const view = datasetView(
      record({
        cardData: {
          dataset_info: [
            {
              config_name: "en",
              splits: [
                { name: "train", num_bytes: 7.5e9 },
                { name: "test", num_bytes: 2e6 },
              ],
            },
            { config_name: "odd[1]*", splits: [{ name: "all?" }] },
          ],
        },
        siblings: files("README.md", "data.py", "data/raw.zip"),
      }),
    );
    expect(view.configs.map((config) => [config.name, config.builder, config.loadingScript, config.splits.map((split) => [split.name, split.paths])])).toEqual([
      // The conversion is partial per config: the small split of a partly converted config is under partial- too.
      [
        "en",
        "parquet",
        "data.py",
        [
          ["train", ["en/partial-train/*.parquet"]],
          ["test", ["en/partial-test/*.parquet"]],
        ],
      ],
      ["odd[1]*", "parquet", "data.py", [["all?", ["odd[[]1][*]/all[?]/*.parquet"]]]],
    ]);
    expect(view.configs[1]!.splits[0]!.paths.map(globRegExp).map((pattern) => pattern.test("odd[1]*/all?/0000.parquet"))).toEqual([true]);
  });

  it("takes the Hub's format: and library: tags over what the files say", () => {
    const view = datasetView(
      record({
        tags: ["format:parquet", "modality:text", "library:datasets", "library:polars"],
        siblings: files("data/train.csv"),
      }),
    );
    expect(view.formats).toEqual(["parquet"]);
    expect(view.libraryTags).toEqual(["datasets", "polars"]);
  });

  it("reads a record that holds only the expand[] fields asked for", () => {
    const view = datasetView(record({ tags: ["format:json"] }));
    expect(view.configs).toEqual([]);
    expect(view.defaultConfig).toBeUndefined();
    expect(view.access).toEqual({
      id: "someone/data",
      private: false,
      gated: false,
      repoType: "dataset",
    });
  });

  it("reads gated as the Hub writes it (false, auto, manual) and private", () => {
    expect(datasetView(record({ gated: "manual" })).access.gated).toBe(true);
    expect(datasetView(record({ gated: false })).access.gated).toBe(false);
    expect(datasetView(record({ private: true })).access.private).toBe(true);
  });
});

describe("dataset record validation", () => {
  it("names the JSON path of what is wrong", () => {
    expect(() => parseDatasetRecord('{"id": "a/b", "cardData": {"configs": [{"config_name": "x", "data_files": 3}]}}', "d.json")).toThrow(
      /^d\.json: not a valid dataset record: \$\.cardData\.configs\[0\]\.data_files/,
    );
    expect(() => parseDatasetRecord('{"id": "a b"}', "d.json")).toThrow(/\$\.id: must be a Hub dataset id/);
    expect(() => parseDatasetRecord('{"gated": "manual"}', "d.json")).toThrow(
      /a record needs at least "id".*curl -s https:\/\/huggingface\.co\/api\/datasets\/<id>/,
    );
    expect(() => parseDatasetRecord("{", "d.json")).toThrow(/^d\.json: the file ends early at line 1/);
  });
});

/** The files a pattern names, by the view's own resolution. */
const matchingFiles = (pattern: string, files: string[]) => resolvePattern(pattern, new FileList(files));

describe("data_files globs", () => {
  it("matches as fsspec globs do: * and ? within a folder, ** across folders, [] a class", () => {
    const all = ["data/train-0.parquet", "data/sub/train-1.parquet", "train.parquet", "data/test-0.parquet"];
    expect(matchingFiles("data/train-*", all)).toEqual(["data/train-0.parquet"]);
    expect(matchingFiles("data/**/train-*.parquet", all)).toEqual(["data/train-0.parquet", "data/sub/train-1.parquet"]);
    expect(matchingFiles("**/train-?.parquet", all)).toEqual(["data/train-0.parquet", "data/sub/train-1.parquet"]);
    expect(matchingFiles("data/[tx]est-0.parquet", all)).toEqual(["data/test-0.parquet"]);
    expect(matchingFiles("data/(train)+.parquet", ["data/(train)+.parquet", "data/train.parquet"])).toEqual(["data/(train)+.parquet"]);
    expect(matchingFiles("data/[z-a].csv", ["data/b.csv"])).toEqual([]);
    expect(globRegExp("a.b").test("axb")).toBe(false);
  });

  it("refuses what fsspec refuses: ** beside other characters in a component, a class no regular expression holds", () => {
    for (const pattern of ["data/a**/x.csv", "**b", "data/**.csv", "data/a**", "data/[z-a].csv"]) expect(refusedPattern(pattern), pattern).toBe(true);
    for (const pattern of ["data/**/x.csv", "**", "data/*.csv", "data/[a-z].csv", "data/plain.csv"]) expect(refusedPattern(pattern), pattern).toBe(false);
    expect(() => globRegExp("x/**y")).toThrow(/'\*\*' can only be an entire path component/);
  });
});
