import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builderTableVersion, decodedFeatureRows } from "../../src/dataset/builders.js";
import { datasetsPackages, decodedFeaturesOf } from "../../src/dataset/decoded-features.js";
import { venvHas } from "../helpers/python-venv.js";

/*
 * The types 🤗 Datasets decodes when a row is read, and what installs the module that decodes each: our table
 * (data/dataset-builders.json's decodedFeatures) held to the installed datasets package, read by
 * test/python/decoded_features_oracle.py (its features/<type>.py imports, its folder builders' BASE_FEATURE, its extras).
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const oracle = fileURLToPath(new URL("../python/decoded_features_oracle.py", import.meta.url));
const available = venvHas(["datasets"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets");

/** The PyPI package that installs an importable module, where the names differ. */
const packageOfModule: Record<string, string> = { PIL: "Pillow" };

describe("the decoded types' packages", () => {
  it("names each type a config holds: by its folder builder, else its dataset_info features, else the Hub's modality tags", () => {
    expect(decodedFeaturesOf("audiofolder", undefined, [])).toEqual(["audio"]);
    const features = [
      { name: "image", dtype: "string" },
      { name: "frames", list: { dtype: "image" } },
      { name: "clip", dtype: { audio: { sampling_rate: 16000 } } },
    ];
    expect(decodedFeaturesOf("parquet", features, ["video"])).toEqual(["image", "audio"]);
    // A column named "image" holding text is no image; the card's features decide over the tags.
    expect(decodedFeaturesOf("parquet", [{ name: "image", dtype: "string" }], ["image"])).toEqual([]);
    expect(decodedFeaturesOf("parquet", undefined, ["image", "text", "audio"])).toEqual(["image", "audio"]);
  });

  it("finds the types in lists written as a bare type name (sequence: image, list: image), as VLM cards write them", () => {
    expect(
      decodedFeaturesOf(
        "parquet",
        [
          { name: "images", sequence: "image" },
          { name: "texts", list: "string" },
        ],
        [],
      ),
    ).toEqual(["image"]);
    expect(
      decodedFeaturesOf(
        "parquet",
        [
          { name: "clips", list: { list: "video" } },
          { name: "docs", sequence: { dtype: "pdf" } },
        ],
        [],
      ),
    ).toEqual(["video", "pdf"]);
  });

  it("installs datasets with the extras that decode them, and any package no extra brings", () => {
    expect(datasetsPackages([])).toEqual(["datasets"]);
    expect(datasetsPackages(["image", "audio"])).toEqual(["datasets[audio,vision]"]);
    expect(datasetsPackages(["video"])).toEqual(["datasets", "torchcodec", "torch"]);
  });
});

describe.skipIf(!available)("the decoded types, held to the installed 🤗 Datasets", () => {
  it("agrees with datasets' features modules, folder builders and extras", { timeout: 60_000 }, () => {
    const run = spawnSync(datasetsPython, [oracle], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const theirs = JSON.parse(run.stdout) as {
      version: string;
      imports: Record<string, string[]>;
      folders: Record<string, string>;
      extras: Record<string, string[]>;
    };
    const rows = decodedFeatureRows();
    const problems: string[] = [];
    for (const [type, row] of rows) {
      if (!theirs.imports[type]?.includes(row.imports)) problems.push(`${type}: datasets/features/${type}.py does not import ${row.imports}`);
      if (theirs.folders[row.folder] !== type) problems.push(`${type}: ${row.folder} decodes ${theirs.folders[row.folder]}`);
      const installs = row.extra !== undefined ? theirs.extras[row.extra] : row.packages;
      const needed = packageOfModule[row.imports] ?? row.imports;
      if (!installs?.includes(needed))
        problems.push(`${type}: ${row.extra !== undefined ? `datasets[${row.extra}]` : row.packages?.join(" ")} does not install ${needed}`);
    }
    // Every folder builder's type is in the table, and so is every type module but the Features container and Translation.
    const ours = new Set(rows.map(([type]) => type));
    for (const [folder, type] of Object.entries(theirs.folders)) if (!ours.has(type)) problems.push(`${folder}'s ${type} is not in the table`);
    for (const type of Object.keys(theirs.imports))
      if (!ours.has(type) && type !== "features" && type !== "translation") problems.push(`features/${type}.py is not in the table`);
    expect(problems).toEqual([]);
    expect(theirs.version).toBe(builderTableVersion());
    console.log(`decoded features: ${rows.length} types, 0 deliberate differences from datasets ${theirs.version}`);
  });
});
