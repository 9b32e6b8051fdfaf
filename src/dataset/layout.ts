import { filesForBuilder, inferBuilderOfFiles, type BuilderName } from "./builders.js";
import { defaultSplitPatterns, resolveSplitFiles, sanitizePatterns } from "./data-files.js";
import { globRegExp, invalidGlob, isGlob } from "./glob.js";
import type { FileList } from "./file-list.js";
import type { DataFiles } from "./record.js";

/*
 * One config of a dataset resolved as 🤗 Datasets resolves it (load.py): its split patterns (the card's `data_files`,
 * else the default patterns of the files under its `data_dir`), the files each split's patterns name, and the one
 * builder that reads every split, inferred from the files' extensions; the splits keep the files that builder reads.
 */

export interface ResolvedSplit {
  name: string;
  /** The split's patterns, relative to the repository's root. */
  patterns: string[];
  /** The record's files the builder reads for this split, relative to the repository's root. */
  files: string[];
}

/** Why 🤗 Datasets would find no data in a config: its error, in a user's words. */
export type LayoutProblem =
  | { kind: "no-data-files" }
  | { kind: "missing-file"; path: string }
  | { kind: "invalid-split-name"; name: string }
  | { kind: "zip-archives" }
  | { kind: "mixed-formats"; builders: string[] }
  | { kind: "invalid-pattern"; pattern: string }
  /** A card config's files that its builder reads though they are not of its format (🤗 Datasets filters none of them). */
  | { kind: "unfiltered-files"; builder: string; file: string }
  /** 🤗 Datasets refuses the repository's card, and with it every config (card-rules.ts). */
  | { kind: "card-refused"; reason: string };

export interface ResolvedConfig {
  splits: ResolvedSplit[];
  builder: BuilderName | undefined;
  /** The builder's options an extension implies (`sep` for `.tsv`). */
  builderOptions: Record<string, string>;
  /**
   * The files the patterns name that the builder's extension filter leaves out (a `.csv` beside `.jsonl` files): a
   * card config's builder reads them all the same, as 🤗 Datasets filters no card config's files (view.ts).
   */
  unfiltered?: string[];
  problem: LayoutProblem | undefined;
}

/** The folder a config's `data_dir` names, as a path prefix (`data/python/`), or "" for the root. */
const dataDirPrefix = (dataDir: string | undefined) => {
  const trimmed = (dataDir ?? "").replace(/^\.?\/+/, "").replace(/\/+$/, "");
  return trimmed === "" || trimmed === "." ? "" : `${trimmed}/`;
};

export function resolveConfig(config: { dataFiles?: DataFiles; dataDir?: string }, files: FileList): ResolvedConfig {
  const prefix = dataDirPrefix(config.dataDir);
  // The card's patterns are relative to the config's data_dir: rooted in it, they are read against the whole list.
  const patterns =
    config.dataFiles !== undefined
      ? sanitizePatterns(config.dataFiles).map(([split, list]): [string, string[]] => [split, list.map((pattern) => `${prefix}${pattern}`)])
      : defaultSplitPatterns(files, prefix);
  if (!Array.isArray(patterns)) {
    const problem: LayoutProblem = patterns.reason === "invalid-split-name" ? { kind: "invalid-split-name", name: patterns.name } : { kind: "no-data-files" };
    return { splits: [], builder: undefined, builderOptions: {}, problem };
  }
  // fsspec refuses a pattern with `**` beside other characters in a path component ("Invalid pattern"): the load fails.
  const invalid = firstRefusedPattern(patterns);
  if (invalid !== undefined) {
    const splits = patterns.map(([name, list]) => ({ name, patterns: list, files: [] }));
    return { splits, builder: undefined, builderOptions: {}, problem: { kind: "invalid-pattern", pattern: invalid } };
  }
  const { splits: resolved, missing } = resolveSplitFiles(patterns, files);
  const inferred = resolved.map(([, named]) => inferBuilderOfFiles(named));
  const first = inferred[0];
  const split = (index: number, named: string[]): ResolvedSplit => ({
    name: patterns[index]![0],
    patterns: patterns[index]![1],
    // Each file once: datasets reads a file that two patterns name twice, which no reader of ours should copy (one
    // pattern names each file once).
    files: patterns[index]![1].length === 1 ? named : [...new Set(named)],
  });
  // The splits as named, for the answers that read none of them (made only for those).
  const unread = () => resolved.map(([, named], index) => split(index, named));
  if (missing !== undefined) return { splits: unread(), builder: undefined, builderOptions: {}, problem: { kind: "missing-file", path: missing } };
  // Every split must get the same builder with the same options (a `.tsv` split beside a `.csv` one is an error).
  const names = [...new Set(inferred.map(builderName))];
  if (first === undefined || names.length > 1) {
    return {
      splits: unread(),
      builder: undefined,
      builderOptions: {},
      problem: first === undefined ? { kind: "no-data-files" } : { kind: "mixed-formats", builders: names },
    };
  }
  if (first.builder === undefined)
    return { splits: unread(), builder: undefined, builderOptions: {}, problem: { kind: first.zip ? "zip-archives" : "no-data-files" } };
  const builder = first.builder;
  const kept = resolved.map(([, named]) => filesForBuilder(named, builder));
  const splits = kept.map((named, index) => split(index, named));
  // What the builder's filter left out: nothing, when it kept every file of every split.
  const filtered = kept.some((named, index) => named.length < resolved[index]![1].length);
  const answer: ResolvedConfig = { splits, builder, builderOptions: first.options, problem: undefined };
  if (!filtered) return answer;
  const keptFiles = new Set(splits.flatMap((entry) => entry.files));
  const unfiltered = [...new Set(resolved.flatMap(([, named]) => named.filter((file) => !keptFiles.has(file))))];
  if (unfiltered.length > 0) answer.unfiltered = unfiltered;
  return answer;
}

/** The first of the splits' patterns that fsspec refuses, if any (a loop: a card of 3,000 configs runs it per config). */
function firstRefusedPattern(patterns: readonly [string, readonly string[]][]): string | undefined {
  for (const [, list] of patterns) for (const pattern of list) if (refusedPattern(pattern)) return pattern;
  return undefined;
}

/** A split's builder as the one-builder rule compares them: its name and options (`csv (sep="\\t")`), zip or none. */
const builderName = (entry: ReturnType<typeof inferBuilderOfFiles>): string =>
  "options" in entry
    ? `${entry.builder}${Object.entries(entry.options)
        .map(([key, value]) => ` (${key}=${JSON.stringify(value)})`)
        .join("")}`
    : entry.zip
      ? "zip"
      : "none";

/**
 * Whether fsspec refuses to glob a pattern: `**` beside other characters in a path component, or a character class
 * no regular expression holds (`[z-a]`). Only a pattern with a class is compiled to tell (a card of 3,000 configs
 * compiled 6,000 patterns here, ~37 ms).
 */
export function refusedPattern(pattern: string): boolean {
  if (!isGlob(pattern)) return false;
  if (invalidGlob(pattern)) return true;
  if (!pattern.includes("[")) return false;
  try {
    globRegExp(pattern);
    return false;
  } catch {
    return true;
  }
}
