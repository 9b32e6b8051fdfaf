import { readFileSync } from "node:fs";
import { dataDir } from "../paths.js";

/*
 * Which of 🤗 Datasets' packaged builders reads a split's files (load.py, infer_module_for_data_files): the most
 * common extension among the files decides, metadata files (`metadata.csv` of an image folder) last, parquet first
 * on a tie, then lance, arrow, jsonl, json, csv, then the extension that sorts last. The extension table is
 * data/dataset-builders.json.
 */

interface BuilderRow {
  extensions: string[];
  /** Whether its extensions also count in capitals (`.PNG`): the media folders' do, the table formats' do not. */
  upperCase?: boolean;
  /** Files a folder builder reads beside its media (`metadata.csv`, …). */
  metadataFileNames?: string[];
  metadataExtensions?: string[];
}

/** A feature type whose values 🤗 Datasets decodes when a row is read (an image, an audio clip), and what that needs. */
export interface DecodedFeatureRow {
  /** The module datasets/features/<type>.py imports to decode it. */
  imports: string;
  /** The extra of datasets' that installs it (`datasets[audio]`), where there is one. */
  extra?: string;
  /** Else the packages that install it. */
  packages?: string[];
  /** The folder builder whose files hold values of this type. */
  folder: string;
}

interface BuilderTable {
  version: string;
  builders: Record<string, BuilderRow>;
  extensionOptions: Record<string, Record<string, string>>;
  decodedFeatures: Record<string, DecodedFeatureRow | string>;
}

/** The table is small and every dataset answer needs it, so it is read once, at first use. */
let table: BuilderTable | undefined;
const builderTable = () => (table ??= JSON.parse(readFileSync(`${dataDir}dataset-builders.json`, "utf8")) as BuilderTable);

export type BuilderName = string;

/** The 🤗 Datasets version whose builders the table holds. */
export const builderTableVersion = () => builderTable().version;
export const builderRows = () => builderTable().builders;
let decodedRows: readonly (readonly [string, DecodedFeatureRow])[] | undefined;
/** The feature types 🤗 Datasets decodes, by name (image, audio, video, pdf, nifti, mesh): the table's rows, its comments left out. */
export const decodedFeatureRows = (): readonly (readonly [string, DecodedFeatureRow])[] =>
  (decodedRows ??= Object.entries(builderTable().decodedFeatures).flatMap(([name, row]) => (typeof row === "string" ? [] : [[name, row] as const])));

let byExtension: Map<string, BuilderName> | undefined;
const builderOfExtension = (extension: string) => {
  byExtension ??= new Map(Object.entries(builderRows()).flatMap(([name, row]) => row.extensions.map((ext) => [ext, name] as const)));
  return byExtension.get(extension);
};

let metadataNames: Set<string> | undefined;
const isMetadataFile = (name: string) => (metadataNames ??= new Set(Object.values(builderRows()).flatMap((row) => row.metadataFileNames ?? []))).has(name);

let allowed: ReadonlySet<string> | undefined;
/** Every extension a data file may have (_ALL_ALLOWED_EXTENSIONS), as written: each builder's (the media folders' in capitals too), their metadata's, and `.zip`. */
export const allowedDataExtensions = (): ReadonlySet<string> =>
  (allowed ??= new Set([
    ".zip",
    ...Object.values(builderRows()).flatMap((row) => [
      ...row.extensions,
      ...(row.upperCase ? row.extensions.map((ext) => ext.toUpperCase()) : []),
      ...(row.metadataExtensions ?? []),
    ]),
  ]));

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const preferred = [".csv", ".json", ".jsonl", ".arrow", ".lance", ".parquet"];

/** What reads a list of files: a builder, a zip archive (whose contents decide), or nothing 🤗 Datasets reads. */
export type InferredBuilder = { builder: BuilderName; options: Record<string, string> } | { builder: undefined; zip: boolean };

export function inferBuilderOfFiles(files: readonly string[]): InferredBuilder {
  const counts = new Map<string, { extension: string; metadata: boolean; count: number }>();
  for (const file of files) {
    const name = baseName(file);
    const metadata = isMetadataFile(name);
    for (const suffix of name.split(".").slice(1)) {
      const extension = `.${suffix.toLowerCase()}`;
      const key = `${metadata ? 1 : 0}${extension}`;
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { extension, metadata, count: 1 });
    }
  }
  const ranked = [...counts.values()].sort(
    (a, b) =>
      Number(a.metadata) - Number(b.metadata) ||
      b.count - a.count ||
      preferred.indexOf(b.extension) - preferred.indexOf(a.extension) ||
      (a.extension < b.extension ? 1 : a.extension > b.extension ? -1 : 0),
  );
  for (const { extension } of ranked) {
    const builder = builderOfExtension(extension);
    if (builder !== undefined) return { builder, options: builderTable().extensionOptions[extension] ?? {} };
    if (extension === ".zip") return { builder: undefined, zip: true };
  }
  return { builder: undefined, zip: false };
}

/** Each builder's filter, compiled once: a card of thousands of configs filters each config's files with it. */
const builderFilters = new Map<BuilderName, (file: string) => boolean>();

function builderFilter(builder: BuilderName, row: BuilderRow): (file: string) => boolean {
  let filter = builderFilters.get(builder);
  if (filter === undefined) {
    const own = row.upperCase ? [...row.extensions, ...row.extensions.map((extension) => extension.toUpperCase())] : row.extensions;
    const extensions = [...own, ".zip", ...(row.metadataExtensions ?? [])].map((extension) => extension.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    // The extension anywhere, at the end or followed by more suffixes (`.csv.gz`), as the filter's `(ext)(\..+)?$` reads it.
    const data = new RegExp(`(?:${extensions.join("|")})(?:\\..+)?$`);
    const metadata = row.metadataFileNames ?? [];
    filter = (file) => data.test(file) || metadata.some((name) => file.endsWith(name));
    builderFilters.set(builder, filter);
  }
  return filter;
}

/** The files a builder reads of a split's files: its extensions (a compressed `.csv.gz` too) and its metadata files. */
export function filesForBuilder(files: readonly string[], builder: BuilderName): string[] {
  const row = builderRows()[builder];
  if (row === undefined) return [...files];
  return files.filter(builderFilter(builder, row));
}
