import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builderConfigFields, cardRefusal, cardRulesVersion } from "../../src/dataset/card-rules.js";
import { DatasetRecordSchema } from "../../src/dataset/record.js";
import { venvHas } from "../helpers/python-venv.js";

/*
 * The card's rules as 🤗 Datasets reads them (src/dataset/card-rules.ts): which cards it refuses whole, and the fields
 * of each packaged builder's config, the options a card config hands its builder, held to the installed package.
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const available = venvHas(["datasets"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets");

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

describe.skipIf(!available)("the builders' config fields, held to the installed 🤗 Datasets", () => {
  it("has each table builder's config fields, read from the installed package", () => {
    const script = [
      "import dataclasses, json, datasets",
      "from datasets.packaged_modules import _PACKAGED_DATASETS_MODULES",
      "from datasets.load import import_main_class",
      "skip = {'name', 'version', 'data_dir', 'data_files', 'description'}",
      "fields = {m: [f.name for f in dataclasses.fields(import_main_class(_PACKAGED_DATASETS_MODULES[m][0]).BUILDER_CONFIG_CLASS) if f.name not in skip] for m in ['csv', 'json', 'parquet', 'text']}",
      "print(json.dumps({'version': datasets.__version__, 'fields': fields}))",
    ].join("\n");
    const run = spawnSync(datasetsPython, ["-c", script], { encoding: "utf8" });
    const theirs = JSON.parse(run.stdout) as { version: string; fields: Record<string, string[]> };
    for (const [builder, fields] of Object.entries(theirs.fields)) expect([builder, builderConfigFields(builder)]).toEqual([builder, fields]);
    expect(cardRulesVersion()).toBe(theirs.version);
  });
});
