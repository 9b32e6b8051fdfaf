import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { builderConfigFields, cardRulesVersion } from "../../src/dataset/card-rules.js";
import { venvHas } from "../helpers/python-venv.js";

// The builders' config fields of src/dataset/card-rules.ts, held to the installed 🤗 Datasets (card-rules.test.ts holds
// the rules themselves, in the unit group).
const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const available = venvHas(["datasets"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets");

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
