import { arg, call, comment, python, ref } from "../../libraries/python-code.js";
import type { DatasetChoice } from "./choice.js";
import type { DatasetCode } from "./python-readers.js";

/*
 * The libraries whose own format a dataset is stored in, each read by its own loader as its docs show: LeRobot's
 * episodes (LeRobotDataset), FiftyOne's samples with their labels (load_from_hub), Lance tables (lance.dataset on
 * the hf:// path of the split's .lance folder). None installs from the test machine's package index: these are
 * checked by parsing and black only.
 */

/**
 * A LeRobot layout of before v3.0 (v2.0, v2.1): its episodes listed in meta/episodes.jsonl, one parquet file each.
 * lerobot 0.4 and later read only v3.0 (episodes in meta/episodes/*.parquet, many a file) and refuse it; lerobot 0.3
 * reads it with the same import, and lerobot 0.4's lerobot.datasets.v30.convert_dataset_v21_to_v30 converts it.
 */
const legacyLayout = (choice: DatasetChoice) => choice.view.files?.includes("meta/episodes.jsonl") === true;

const legacyNote = (id: string) =>
  python`${comment("A LeRobot v2.1 dataset: lerobot 0.4 and later read only v3.0 datasets, lerobot 0.3 reads this one.")}\n${comment("Or convert it (with lerobot 0.4 or later, as the repository's owner):")}\n${comment(`python -m lerobot.datasets.v30.convert_dataset_v21_to_v30 --repo-id=${id}`)}\n`;

/** LeRobot reads the repository by its id, episodes, frames and videos together (lerobot 0.3 to 0.6: lerobot.datasets). */
export function lerobotCode(choice: DatasetChoice): DatasetCode {
  const load = call("dataset = LeRobotDataset(", [arg(choice.view.id)]);
  const legacy = legacyLayout(choice);
  return {
    content: python`from lerobot.datasets.lerobot_dataset import LeRobotDataset\n\n${ref(legacy ? legacyNote(choice.view.id) : "")}${load}\nprint(dataset.num_episodes, dataset.num_frames)\nprint(dataset[0])\n`,
    pip: [legacy ? "lerobot<0.4" : "lerobot"],
  };
}

/** FiftyOne loads the samples with their labels, which 🤗 Datasets would leave behind, and opens its app on them. */
export function fiftyoneCode(choice: DatasetChoice): DatasetCode {
  const load = call("dataset = load_from_hub(", [arg(choice.view.id)]);
  return {
    content: python`import fiftyone as fo\nfrom fiftyone.utils.huggingface import load_from_hub\n\n${load}\nprint(dataset)\nsession = fo.launch_app(dataset)\n`,
    pip: ["fiftyone"],
  };
}

/** The folder of a Lance table that holds a file (`data/train.lance` of `data/train.lance/data/0.lance`). */
function lanceFolder(path: string): string | undefined {
  const parts = path.split("/");
  const index = parts.findIndex((part) => part.endsWith(".lance"));
  return index === -1 ? undefined : parts.slice(0, index + 1).join("/");
}

/** Lance opens the split's table on the Hub by its hf:// path, and reads rows as they are asked for. */
export function lanceCode(choice: DatasetChoice): DatasetCode | undefined {
  const folder = [...(choice.split?.files ?? []), ...choice.paths].map(lanceFolder).find((found) => found !== undefined);
  if (folder === undefined) return undefined;
  const path = folder.startsWith("datasets/") ? folder : `datasets/${choice.view.id}/${folder}`;
  const open = call("ds = lance.dataset(", [arg(`hf://${path}`)]);
  return {
    content: python`import lance\n\n${open}\nprint(ds.count_rows())\n${ref("print(ds.head(5).to_pandas())")}\n`,
    pip: ["pylance", "pandas"],
  };
}
