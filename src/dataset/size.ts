import type { DatasetRecord } from "./record.js";

/*
 * Whether a dataset is too large to load whole on a laptop, so that its code streams or reads a sample instead: the
 * split's files as the record sizes them (`siblings[].size`, with `?blobs=true`), else the config's `dataset_info`
 * sizes, else the Hub's `size_categories:` tag of its row count.
 */

export interface DatasetSizes {
  /** Each file's bytes, where the record gives them. */
  files: ReadonlyMap<string, number>;
  /** Each config's bytes to download (else prepared), from the card's dataset_info. */
  configs: ReadonlyMap<string, number>;
  /** The Hub's row-count category (`n>1T`, `1K<n<10K`, …). */
  category: string | undefined;
  /** Each config's bytes once loaded (dataset_info's dataset_size), and each of its splits' (num_bytes), by config. */
  memory: ReadonlyMap<string, { total: number | undefined; splits: ReadonlyMap<string, number> }>;
}

export function sizesOf(record: DatasetRecord): DatasetSizes {
  const info = record.cardData?.dataset_info;
  const entries = info === undefined ? [] : Array.isArray(info) ? info : [info];
  return {
    files: new Map((record.siblings ?? []).flatMap((sibling) => (sibling.size !== undefined ? [[sibling.rfilename, sibling.size] as const] : []))),
    configs: new Map(
      entries.flatMap((entry) => {
        const bytes = entry.download_size ?? entry.dataset_size;
        return bytes !== undefined ? [[entry.config_name ?? "default", bytes] as const] : [];
      }),
    ),
    category: record.tags.find((tag) => tag.startsWith("size_categories:"))?.slice("size_categories:".length),
    memory: new Map(
      entries.map((entry) => [
        entry.config_name ?? "default",
        {
          total: entry.dataset_size,
          splits: new Map((entry.splits ?? []).flatMap((split) => (split.num_bytes !== undefined ? [[split.name, split.num_bytes] as const] : []))),
        },
      ]),
    ),
  };
}

/** Past this many bytes a split is read by streaming or a sample (5 GB: more than a laptop loads comfortably). */
export const largeBytes = 5e9;
/** The row-count categories from ten million rows up. */
const largeCategories = new Set(["10M<n<100M", "100M<n<1B", "1B<n<10B", "10B<n<100B", "100B<n<1T", "n>1T"]);

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(bytes >= 1e11 ? 0 : 1)} GB`;

/** Why the chosen split counts as large (for the code's comment), or undefined. */
export function largeReason(
  sizes: DatasetSizes,
  config: { name: string } | undefined,
  split: { name: string; files: readonly string[] } | undefined,
): string | undefined {
  // Compressed files load to more than their size: the split's bytes once loaded (dataset_info) count too.
  const memory = sizes.memory.get(config?.name ?? "default");
  const loaded = split !== undefined ? (memory?.splits.get(split.name) ?? memory?.total) : memory?.total;
  const inMemory =
    loaded !== undefined && loaded > largeBytes
      ? `its ${split?.name ?? config?.name ?? "default"} ${split !== undefined ? "split" : "config"} is ${gigabytes(loaded)} once loaded`
      : undefined;
  if (split !== undefined && split.files.length > 0 && split.files.every((file) => sizes.files.has(file))) {
    const bytes = split.files.reduce((sum, file) => sum + sizes.files.get(file)!, 0);
    return bytes > largeBytes ? `its ${split.name} split is ${gigabytes(bytes)} in ${split.files.length} files` : inMemory;
  }
  if (inMemory !== undefined) return inMemory;
  const bytes = sizes.configs.get(config?.name ?? "default");
  if (bytes !== undefined) return bytes > largeBytes ? `its ${config?.name ?? "default"} config is ${gigabytes(bytes)}` : undefined;
  return sizes.category !== undefined && largeCategories.has(sizes.category) ? `the Hub's size category for it is ${sizes.category} rows` : undefined;
}
