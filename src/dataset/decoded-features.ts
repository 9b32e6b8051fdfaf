import { decodedFeatureRows } from "./builders.js";

/*
 * What 🤗 Datasets needs installed to read a config's rows: an image, an audio clip or a video in a row is decoded when
 * the row is read (`ds[0]`), by a package that `pip install datasets` does not bring (Pillow, torchcodec, …). Which
 * types a config holds is told by its folder builder (imagefolder), else its card's dataset_info features, else the
 * Hub's modality: tags. The types and their packages are data/dataset-builders.json's decodedFeatures.
 */

/**
 * The decoded types named in dataset_info features: each `dtype` that is one (`dtype: image`, `dtype: {audio: …}`), and
 * each list of one written as a bare type name (`sequence: image`, `list: image`, `list: {list: video}`), as
 * Features._from_yaml_list reads them; nested lists and structs included.
 */
function featureTypesIn(features: unknown, names: ReadonlySet<string>, found: Set<string>, depth = 0): void {
  if (typeof features !== "object" || features === null || depth > 32) return;
  for (const item of Array.isArray(features) ? features : Object.values(features)) featureTypesIn(item, names, found, depth + 1);
  if (Array.isArray(features)) return;
  const { dtype, sequence, list } = features as { dtype?: unknown; sequence?: unknown; list?: unknown };
  for (const named of [dtype, sequence, list]) if (typeof named === "string" && names.has(named)) found.add(named);
  if (typeof dtype === "object" && dtype !== null) for (const key of Object.keys(dtype)) if (names.has(key)) found.add(key);
}

/** The decoded types of the table, made once: a card of thousands of configs asks for each. */
let typeNames: ReadonlySet<string> | undefined;

/**
 * The decoded types a config's rows hold, in the table's order: its folder builder's; else those its dataset_info
 * features name (when the card describes them); else the Hub's modality tags' (image, audio, video).
 */
export function decodedFeaturesOf(builder: string | undefined, infoFeatures: unknown, modalities: readonly string[]): string[] {
  const rows = decodedFeatureRows();
  const byFolder = rows.find(([, row]) => row.folder === builder);
  if (byFolder) return [byFolder[0]];
  if (infoFeatures === undefined && modalities.length === 0) return [];
  const names = (typeNames ??= new Set(rows.map(([name]) => name)));
  const found = new Set<string>();
  if (infoFeatures !== undefined) featureTypesIn(infoFeatures, names, found);
  else for (const modality of modalities) if (names.has(modality)) found.add(modality);
  return rows.map(([name]) => name).filter((name) => found.has(name));
}

/** The packages that install 🤗 Datasets able to decode these types: `datasets[audio,vision]`, then any no extra brings. */
export function datasetsPackages(types: readonly string[]): string[] {
  const rows = new Map(decodedFeatureRows());
  const extras = [...new Set(types.flatMap((type) => rows.get(type)?.extra ?? []))].sort();
  const packages = [...new Set(types.flatMap((type) => rows.get(type)?.packages ?? []))];
  return [extras.length > 0 ? `datasets[${extras.join(",")}]` : "datasets", ...packages];
}
