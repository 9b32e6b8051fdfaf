import { describe, expect, it } from "vitest";
import { cardRefusal } from "../../src/dataset/card-rules.js";
import { DatasetRecordSchema } from "../../src/dataset/record.js";

/*
 * The card's rules as 🤗 Datasets reads them (src/dataset/card-rules.ts): which cards it refuses whole, and the fields
 * of each packaged builder's config, the options a card config hands its builder (held to the installed package by
 * card-rules-datasets.test.ts, which needs .venv-datasets).
 */

const configsOf = (configs: unknown[]) => DatasetRecordSchema.parse({ id: "someone/card", cardData: { configs } }).cardData!.configs!;

describe("a card 🤗 Datasets refuses", () => {
  it("refuses data_files written as a mapping, entries with other keys, split names that are not words, and two defaults", () => {
    expect(
      cardRefusal(
        configsOf([
          { config_name: "a", data_files: "a/*.csv" },
          { config_name: "b", data_files: { train: "b.csv" } },
        ]),
      ),
    ).toMatch(/config b writes data_files as a mapping/);
    expect(cardRefusal(configsOf([{ config_name: "a", data_files: [{ split: "train", path: "a.csv", extra: 1 }] }]))).toMatch(/keys other than split and path/);
    expect(cardRefusal(configsOf([{ config_name: "a", data_files: [{ split: "dev-clean", path: "a.csv" }] }]))).toMatch(/not a valid split name \(dev-clean/);
    expect(
      cardRefusal(
        configsOf([
          { config_name: "default", data_files: "a.csv" },
          { config_name: "b", data_files: "b.csv", default: true },
        ]),
      ),
    ).toMatch(/several configs as the default \(default, b\)/);
    expect(
      cardRefusal(
        configsOf([
          { config_name: "a", data_files: [{ split: "tráin_漢字.x", path: ["a.csv"] }] },
          { config_name: "b", data_dir: "b" },
        ]),
      ),
    ).toBeUndefined();
  });
});
