import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { recordOf, tinyDatasets, webdatasetDataset } from "./dataset-repos.js";
import { hostileDatasetRecord, hostileNames } from "./hostile-datasets.js";
import { layoutDatasets } from "./layout-datasets.js";

/*
 * The records whose notebooks the tests check: every model record of the fixture folders and examples/, and every
 * dataset record of the dataset corpora (layouts, the tiny datasets of the local Hub, hostile names), plus model
 * records whose every free-text field is hostile.
 */

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));
const examples = fileURLToPath(new URL("../../examples/", import.meta.url));

function jsonRecords(dir: string): { name: string; json: unknown }[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json") && file !== "expectations.json")
    .sort()
    .map((file) => ({ name: join(dir, file).slice(fixtures.length - "fixtures/".length), json: JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown }));
}

const modelFolders = ["hub-records", "libraries", "issue32-libs", "issue42", "no-mapping", "apps", "issue32-decide", "issue32-gguf"];

/** Every model record of the corpora that validates (a fixture folder may hold records meant to fail). */
export function modelCorpus(): { name: string; record: ModelRecord }[] {
  const found: { name: string; record: ModelRecord }[] = [];
  const dirs = [...modelFolders.map((folder) => join(fixtures, folder)), examples];
  for (const dir of dirs) {
    let entries: { name: string; json: unknown }[];
    try {
      entries = jsonRecords(dir);
    } catch {
      continue;
    }
    for (const { name, json } of entries) {
      const parsed = ModelRecordSchema.safeParse(json);
      if (parsed.success && !Array.isArray(json)) found.push({ name, record: parsed.data });
    }
  }
  return found;
}

/** Model records whose task, library, provider names and widget text are hostile strings. */
export function hostileModelRecords(): { name: string; record: ModelRecord }[] {
  return hostileNames.map(([label, text], index) => ({
    name: `hostile model: ${label}`,
    record: ModelRecordSchema.parse({
      id: `hostile-org/model-${index}`,
      pipeline_tag: index % 2 === 0 ? "text-generation" : text,
      tags: ["conversational"],
      library_name: index % 3 === 0 ? "transformers" : text,
      gated: index % 2 === 0 ? "manual" : false,
      widgetData: [{ text }],
      inferenceProviderMapping: {
        [text]: { providerId: text, status: "live", task: "conversational" },
        together: { providerId: `acme/${index}`, status: "live", task: "conversational" },
      },
    }),
  }));
}

/** Every dataset record of the corpora. */
export function datasetCorpus(): { name: string; record: DatasetRecord }[] {
  const files = [...jsonRecords(join(fixtures, "dataset-layouts")), ...jsonRecords(join(examples, "datasets"))].flatMap(({ name, json }) => {
    const parsed = DatasetRecordSchema.safeParse(json);
    return parsed.success ? [{ name, record: parsed.data }] : [];
  });
  const tiny = [...tinyDatasets(), ...layoutDatasets(), webdatasetDataset(), webdatasetDataset(true)].map((dataset) => ({
    name: `tiny: ${dataset.id}`,
    record: recordOf(dataset),
  }));
  const hostile = [
    { name: "hostile names (parquet)", record: hostileDatasetRecord("hostile-org/names") },
    { name: "hostile names (jsonl)", record: hostileDatasetRecord("hostile-org/lines", "jsonl") },
  ];
  return [...files, ...tiny, ...hostile];
}
