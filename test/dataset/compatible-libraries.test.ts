import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetView, type DatasetView } from "../../src/dataset/view.js";
import { generateLayouts } from "../helpers/dataset-layouts.js";

/*
 * Which libraries the Hub's "Use this dataset" panel offers is decided by the dataset viewer's
 * compatible_libraries.py (huggingface/dataset-viewer, services/worker/.../dataset/compatible_libraries.py): for a
 * dataset its viewer reads, 🤗 Datasets; for the parquet, csv and json builders pandas when every split is one file,
 * else Dask; WebDataset for the webdataset builder; Croissant always. `hub` below is that rule, written from its
 * source; our offer for a record without library: tags is held to it over the layout corpus and 1,200 generated
 * layouts, each difference explained by one of the deliberate ones listed here.
 */

const tableBuilders = new Set(["parquet", "csv", "json"]);

/** The dataset viewer's compatible libraries of a record (compatible_libraries.py, compute_compatible_libraries_response). */
function hub(view: DatasetView): Set<string> {
  const libraries = new Set<string>();
  // No viewer, or no config it could read: no dataset-info, so no libraries at all.
  const configs = view.configs.filter((config) => config.builder !== undefined && config.problem === undefined);
  if (!view.viewer.served || configs.length === 0 || configs.length !== view.configs.length) return libraries;
  libraries.add("datasets");
  const builder = configs[0]!.builder!;
  if (builder === "webdataset") libraries.add("webdataset");
  if (tableBuilders.has(builder)) libraries.add(configs.every((config) => config.splits.every((split) => split.files.length === 1)) ? "pandas" : "dask");
  libraries.add("mlcroissant");
  return libraries;
}

const readers = new Set(["datasets", "pandas", "polars", "duckdb", "dask", "mlcroissant", "webdataset", "lerobot", "fiftyone", "lance"]);

/** Ours: the libraries the default answer gives for the record (the download and the viewer's API left out). */
const ours = (record: DatasetRecord) =>
  new Set(
    getDatasetSnippets(record)
      .snippets.map((snippet) => snippet.client)
      .filter((client) => readers.has(client)),
  );

interface Difference {
  reason: string;
  /** Whether it explains that `library` is in one answer and not the other (`ours` says which). */
  explains: (library: string, view: DatasetView, inOurs: boolean) => boolean;
}

const table = (view: DatasetView) => tableBuilders.has(view.defaultConfig?.builder ?? "");

const deliberate: Difference[] = [
  {
    reason: "Polars and DuckDB read the table builders' files too: the Hub offers them by its own library: tags, outside compatible_libraries.py",
    explains: (library, view, inOurs) => inOurs && (library === "polars" || library === "duckdb") && table(view),
  },
  {
    reason: "pandas and Dask both read any table split: pandas lists a pattern's files with HfFileSystem, Dask reads one file as well as many",
    explains: (library, view, inOurs) => inOurs && (library === "pandas" || library === "dask") && table(view),
  },
  {
    reason: "a dataset's own library is offered beside the viewer's: LeRobotDataset, FiftyOne's load_from_hub, lance.dataset",
    explains: (library, view, inOurs) => inOurs && (library === "lerobot" || library === "fiftyone" || library === "lance"),
  },
  {
    reason: "a FiftyOne repository gets FiftyOne's loader, not 🤗 Datasets code that would leave its labels behind (nor the table readers of its JSON)",
    explains: (library, view, inOurs) => !inOurs && view.nativeLibrary === "fiftyone",
  },
  {
    reason:
      "the viewer serves no dataset marked not-for-all-audiences or whose card says viewer: false, so the Hub gives no code; the libraries do not need the viewer, and we write theirs",
    explains: (library, view, inOurs) => inOurs && !view.viewer.served && library !== "mlcroissant",
  },
];

const folder = fileURLToPath(new URL("../fixtures/dataset-layouts/", import.meta.url));
/** The layout corpus and the generated layouts as records without library: tags (so that our rule, not the tags, decides). */
function records(): DatasetRecord[] {
  const corpus = readdirSync(folder)
    .map((file) => parseDatasetRecord(readFileSync(`${folder}${file}`, "utf8"), file))
    .filter((record) => record.disabled !== true);
  const generated = generateLayouts(1200).map((layout, index) =>
    DatasetRecordSchema.parse({
      _id: "0123456789abcdef01234567",
      id: `layouts/layout-${index}`,
      tags: [],
      ...(layout.config ? { cardData: { configs: [{ config_name: "default", ...layout.config }] } } : {}),
      siblings: layout.files.map((rfilename) => ({ rfilename })),
    }),
  );
  return [...corpus.map((record) => ({ ...record, tags: record.tags.filter((tag) => !tag.startsWith("library:")) })), ...generated];
}

describe("the libraries offered for a dataset, held to the dataset viewer's compatible_libraries.py", () => {
  it("differs from the Hub's rule only where a listed deliberate difference says why", () => {
    const all = records();
    const unexplained: string[] = [];
    const used = new Map<string, number>();
    let differing = 0;
    for (const record of all) {
      let view: DatasetView;
      try {
        view = datasetView(record);
      } catch {
        continue;
      }
      const theirs = hub(view);
      const mine = ours(record);
      const differences = [
        ...[...mine].filter((library) => !theirs.has(library)).map((library) => [library, true] as const),
        ...[...theirs].filter((library) => !mine.has(library)).map((library) => [library, false] as const),
      ];
      if (differences.length > 0) differing += 1;
      for (const [library, inOurs] of differences) {
        const reason = deliberate.find((difference) => difference.explains(library, view, inOurs));
        if (reason) used.set(reason.reason, (used.get(reason.reason) ?? 0) + 1);
        else
          unexplained.push(
            `${record.id} (${JSON.stringify(record.siblings?.map((sibling) => sibling.rfilename))}): ${library} ${inOurs ? "only in ours" : "only in the Hub's"}; ours ${JSON.stringify([...mine])}, Hub ${JSON.stringify([...theirs])}`,
          );
      }
    }
    console.log(
      `compatible libraries: ${all.length} records, ${differing} differ by ${deliberate.length} deliberate differences from dataset-viewer compatible_libraries.py`,
    );
    for (const [reason, count] of used) console.log(`  ${count}× ${reason}`);
    expect(unexplained.slice(0, 8).join("\n")).toBe("");
  });
});
