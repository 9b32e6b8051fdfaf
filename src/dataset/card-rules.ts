import { readFileSync } from "node:fs";
import { dataDir } from "../paths.js";
import { asDataValue, type DataValue } from "../values/data-value.js";
import { validSplitName } from "./data-files.js";
import type { FileList } from "./file-list.js";
import { resolveConfig, type LayoutProblem } from "./layout.js";
import type { DatasetRecord } from "./record.js";

/*
 * A dataset card's `configs:` as 🤗 Datasets 5.0.1 reads them (datasets/utils/metadata.py, MetadataConfigs, and
 * load.py, the Hub and local module factories): whether it accepts the card at all (a refusal refuses every config of
 * the repository, as it checks the whole card before any load), the one builder it infers for the whole repository
 * (from the first config's `data_files` resolved from the root, without that config's `data_dir`, else from the
 * default patterns of the root), and the options each config hands its builder (the card's keys that the builder's
 * config class has, data/dataset-card-options.json). Held to the installed package by test/dataset/card-rules.test.ts
 * and the row differential (test/dataset/rows-differential.test.ts).
 */

interface CardOptionTable {
  version: string;
  fields: Record<string, string[]>;
}

let table: CardOptionTable | undefined;
const optionTable = () => (table ??= JSON.parse(readFileSync(`${dataDir}dataset-card-options.json`, "utf8")) as CardOptionTable);

/** The 🤗 Datasets version the rules and the option table were read from. */
export const cardRulesVersion = () => optionTable().version;

/** The fields of a packaged builder's config class (csv, json, parquet, text); undefined for a builder not tabled. */
export const builderConfigFields = (builder: string): readonly string[] | undefined => optionTable().fields[builder];

type CardConfig = NonNullable<NonNullable<DatasetRecord["cardData"]>["configs"]>[number];

/** What `data_files` may be (_raise_if_data_files_field_not_valid): a pattern, a list of them, or a list of {split, path}. */
function dataFilesRefusal(name: string, dataFiles: unknown): string | undefined {
  if (dataFiles === undefined || dataFiles === null) return undefined;
  const shapes = "a pattern, a list of patterns, or a list of {split, path} entries";
  if (typeof dataFiles === "string") return undefined;
  if (!Array.isArray(dataFiles)) return `config ${name} writes data_files as a mapping of splits, where 🤗 Datasets takes ${shapes}`;
  for (const item of dataFiles as unknown[]) {
    if (typeof item === "string") continue;
    if (typeof item !== "object" || item === null || Array.isArray(item))
      return `config ${name} has a data_files entry that is neither a pattern nor a {split, path} entry`;
    const entry = item as Record<string, unknown>;
    const keys = Object.keys(entry);
    if (keys.length !== 2 || !keys.includes("split") || !keys.includes("path"))
      return `config ${name} has a data_files entry with keys other than split and path (${keys.join(", ")})`;
    if (typeof entry.split !== "string" || !validSplitName.test(entry.split))
      return `config ${name} names a split that is not a valid split name (${String(entry.split)}: words of letters, digits and _ joined by dots)`;
    if (typeof entry.path !== "string" && !Array.isArray(entry.path))
      return `config ${name} has a data_files entry whose path is neither a pattern nor a list of them`;
  }
  return undefined;
}

/** Why 🤗 Datasets refuses the whole card (MetadataConfigs.from_dataset_card_data, get_default_config_name), or undefined. */
export function cardRefusal(configs: readonly CardConfig[]): string | undefined {
  for (const config of configs) {
    const refused = dataFilesRefusal(config.config_name, config.data_files);
    if (refused !== undefined) return refused;
  }
  const names = [...new Set(configs.map((config) => config.config_name))];
  if (names.length > 1) {
    // The configs marked default, as a set: looked up per name, a scan of every config for every name was quadratic.
    const marked = new Set(configs.filter((config) => config.default === true).map((config) => config.config_name));
    const defaults = names.filter((name) => name === "default" || marked.has(name));
    if (defaults.length > 1) return `it marks several configs as the default (${defaults.join(", ")})`;
  }
  return undefined;
}

/** The builder 🤗 Datasets reads every config of a repository with, and the options its files imply (`sep` for `.tsv`). */
export type RepositoryBuilder = { builder: string; options: Record<string, string> } | { problem: LayoutProblem };

/**
 * The module load.py infers once for a repository with card configs: from the first config's `data_files`, resolved
 * from the repository's root (its `data_dir` is not applied), else from the default split patterns of the root.
 */
export function repositoryBuilder(configs: readonly CardConfig[], files: FileList): RepositoryBuilder {
  const first = configs[0];
  const dataFiles = first?.data_files;
  const resolved = resolveConfig(dataFiles !== undefined ? { dataFiles } : {}, files);
  if (resolved.problem !== undefined || resolved.builder === undefined) return { problem: resolved.problem ?? { kind: "no-data-files" } };
  return { builder: resolved.builder, options: resolved.builderOptions };
}

/** The card keys that are never builder options, whatever the builder. */
const notOptions = new Set(["config_name", "default", "data_files", "data_dir"]);

/**
 * The options a card config hands its builder: the builder's own (a `.tsv` repository's `sep`), then each key of the
 * card's config that the builder's config class has; the others are ignored, as 🤗 Datasets ignores them.
 */
export function builderOptionsOf(
  builder: string | undefined,
  implied: Readonly<Record<string, string>>,
  config: CardConfig | undefined,
): Record<string, DataValue> {
  const fields = builder === undefined ? undefined : builderConfigFields(builder);
  const options: Record<string, DataValue> = { ...implied };
  if (config === undefined || fields === undefined) return options;
  for (const key of Object.keys(config)) {
    if (notOptions.has(key) || !fields.includes(key)) continue;
    const data = asDataValue((config as Record<string, unknown>)[key]);
    if (data !== undefined) options[key] = data;
  }
  return options;
}
