/*
 * Generated dataset repository layouts for the data-files differential: file names built from split words (and
 * words that only contain one, such as `contest` or `pretraining`), every separator, shard names, split folders,
 * media folders with metadata files, `save_to_disk` uploads, the card's own files, hidden files and `__` folders,
 * stray files beside the data; some with a card config (a `data_dir`, or `data_files` in the card's three shapes).
 * A seeded generator, so a failure names a layout that comes back on the next run.
 */

export interface Layout {
  files: string[];
  config?: { data_files?: unknown; data_dir?: string };
}

/** mulberry32: a small seeded generator, enough to spread the layouts. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const folders = [
  "",
  "",
  "",
  "data/",
  "data/",
  "train/",
  "test/",
  "val/",
  "dev/",
  "data/test/",
  "data/train/",
  "validation/",
  "evaluation/",
  "training_set/",
  "my-train-set/",
  "red-team-attempts/",
  "harmless-base/",
  "__pycache__/",
  ".hidden/",
  "en/",
  "sub/dir/",
  "train/cat/",
  "test/dog/",
  "logs/",
  "contest/",
  "train/train_x/",
];
const stems = [
  "train",
  "test",
  "validation",
  "valid",
  "dev",
  "val",
  "eval",
  "evaluation",
  "testing",
  "training",
  "gender_submission",
  "data",
  "shard_0",
  "train_ids",
  "test1",
  "train 2",
  "xtrain",
  "my_train",
  "train-00000-of-00003",
  "train-00001-of-00003",
  "test-00000-of-00001",
  "validation_matched-00000-of-00001",
  "validation_mismatched-00000-of-00001",
  "random-00001-of-00003",
  "bad name-00000-of-00001",
  "notes",
  "part-0",
  "pretraining",
  "contest",
  "img_001",
];
const extensions = [
  ".csv",
  ".csv",
  ".tsv",
  ".json",
  ".jsonl",
  ".jsonl",
  ".parquet",
  ".parquet",
  ".parquet",
  ".arrow",
  ".txt",
  ".csv.gz",
  ".jsonl.zst",
  ".json.gz",
  ".jpg",
  ".PNG",
  ".wav",
  ".mp3",
  ".mp4",
  ".tar",
  ".md",
  ".py",
  ".pdf",
  ".h5",
  "",
  ".eval",
  ".CSV",
  ".conllu",
];
const specials = [
  "README.md",
  ".gitattributes",
  "dataset_infos.json",
  "dataset_dict.json",
  "state.json",
  "metadata.csv",
  "metadata.jsonl",
  "config.json",
  ".DS_Store",
  "__pycache__/loader.cpython-311.pyc",
  "loader.py",
  "train/state.json",
  "train/dataset_info.json",
  "train/data-00000-of-00001.arrow",
  "metadata.json",
];

export function generateLayouts(count: number, seed = 39): Layout[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const layouts: Layout[] = [];
  for (let index = 0; index < count; index += 1) {
    const files = new Set<string>();
    // One dominant extension per layout, as real repositories have, with strays of other kinds now and then.
    const main = pick(extensions);
    const size = 1 + Math.floor(next() * 7);
    for (let file = 0; file < size; file += 1) files.add(`${pick(folders)}${pick(stems)}${next() < 0.85 ? main : pick(extensions)}`);
    const strays = next() < 0.5 ? Math.floor(next() * 3) : 0;
    for (let stray = 0; stray < strays; stray += 1) files.add(pick(specials));
    // A file and a folder of one name cannot both exist.
    const list = [...files].filter((file) => ![...files].some((other) => other.startsWith(`${file}/`)));
    const layout: Layout = { files: list };
    const roll = next();
    if (roll < 0.08) {
      const folder = pick(list).split("/").slice(0, -1).join("/");
      if (folder !== "") layout.config = { data_dir: next() < 0.5 ? folder : `${folder}/` };
    } else if (roll < 0.16) {
      const named = pick(list);
      const shapes: unknown[] = [
        named,
        [named],
        [{ split: "train", path: named }],
        { test: named.replace(/[^/]*$/, "*") },
        [{ split: "train", path: [named.replace(/[^/]*$/, "*")] }],
        "**",
        "missing/file.csv",
      ];
      layout.config = { data_files: pick(shapes) };
    }
    layouts.push(layout);
  }
  return layouts;
}
