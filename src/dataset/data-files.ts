import { globMatcher, isGlob } from "./glob.js";
import { allowedDataExtensions } from "./builders.js";
import { literalFolder, literalParts, type FileList } from "./file-list.js";

/*
 * 🤗 Datasets' data-files rules (datasets/data_files.py), applied to a record's file list instead of a folder: which
 * files a pattern names (hidden files, `__` folders and the card's own files left out unless asked for by name), the
 * default split patterns of a repository without `data_files` (sharded `data/{split}-NNNNN-of-NNNNN` names first,
 * then split words in folder names, then in file names, else everything is `train`), and a card's `data_files` in its
 * three shapes. Held to the installed package by test/dataset/data-files-differential.test.ts.
 */

/** The split words of each default split, in 🤗 Datasets' order (SPLIT_KEYWORDS). */
const splitKeywords: Readonly<Record<"train" | "validation" | "test", readonly string[]>> = {
  train: ["train", "training"],
  validation: ["validation", "valid", "dev", "val"],
  test: ["test", "testing", "eval", "evaluation"],
};

/** The characters that separate a split word from the rest of a name (NON_WORDS_CHARS). */
const separators = "-._ 0-9";
const inFileName = ["**/{keyword}[{sep}]*", "**/*[{sep}]{keyword}[{sep}]*"];
const inFolderName = ["**/{keyword}/**", "**/{keyword}[{sep}]*/**", "**/*[{sep}]{keyword}/**", "**/*[{sep}]{keyword}[{sep}]*/**"];

/** `data/train-00000-of-00004.parquet`: the split is the name before the shard numbers (SPLIT_PATTERN_SHARDED). */
const shardedSplitPattern = "data/{split}-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9]*.*";
const shardedName = /^(.+)-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9][0-9]*.*/s;
/** What 🤗 Datasets takes as a split name (naming.py, `_split_re`): words joined by dots. */
export const validSplitName = /^[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*$/u;

/** The card and metadata files a pattern never names unless it names them exactly (FILES_TO_IGNORE). */
const filesToIgnore: readonly string[] = ["README.md", "config.json", "dataset_info.json", "dataset_infos.json", "dummy_data.zip", "dataset_dict.json"];

type SplitPatterns = [split: string, patterns: string[]][];

const keywordPatterns = (forms: readonly string[]): SplitPatterns =>
  Object.entries(splitKeywords).map(([split, keywords]) => [
    split,
    keywords.flatMap((keyword) => forms.map((form) => form.replace("{keyword}", keyword).replaceAll("{sep}", separators))),
  ]);

/** The default patterns, tried in this order: the first group in which some split's pattern names a file wins. */
const defaultPatternGroups: readonly SplitPatterns[] = [
  [["logs", ["**/*.eval"]]],
  keywordPatterns(inFolderName),
  keywordPatterns(inFileName),
  [["train", ["**"]]],
];

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const parentParts = (path: string) => path.split("/").slice(0, -1);
const isHidden = (part: string) => part.startsWith(".") && !/^\.+$/.test(part);

/** The file extensions of a name, each dot's suffix (`a.csv.gz` → `.csv`, `.gz`), as 🤗 Datasets counts them. */
const extensionsOf = (path: string) =>
  baseName(path)
    .split(".")
    .slice(1)
    .map((suffix) => `.${suffix}`);

export interface ResolveOptions {
  /** Keep only files with one of these extensions (any of a name's suffixes counts). */
  allowedExtensions?: ReadonlySet<string>;
}

/**
 * The files a pattern names (resolve_pattern): the glob's matches, less the card's files (unless the pattern names
 * one), files in `__` folders and hidden files or folders the pattern does not name as such.
 */
export function resolvePattern(pattern: string, list: FileList, options: ResolveOptions = {}): string[] {
  let named = list.named.get(pattern);
  if (named === undefined) list.named.set(pattern, (named = globbed(pattern, list)));
  const allowed = options.allowedExtensions;
  return allowed === undefined ? named : named.filter((file) => hasAllowedExtension(file, allowed));
}

/** The files a pattern names before the extension filter. */
function globbed(pattern: string, list: FileList): string[] {
  let candidates: readonly string[];
  let matches: (file: string) => boolean;
  if (!isGlob(pattern)) {
    candidates = list.has(pattern) ? [pattern] : [];
    matches = () => true;
  } else {
    let glob: (path: string) => boolean;
    try {
      glob = globMatcher(pattern);
    } catch {
      return [];
    }
    // Only files under the pattern's literal folder, holding its literal text, can match: the glob runs on those alone.
    const parts = literalParts(pattern);
    candidates = list.startingWith(literalFolder(pattern));
    matches = (file) => parts.every((part) => file.includes(part)) && glob(file);
  }
  const ignored = new Set(filesToIgnore);
  ignored.delete(baseName(pattern));
  const specialInPattern = specialParts(pattern);
  const hiddenInPattern = hiddenParts(pattern);
  return candidates.filter(
    (file) => matches(file) && !ignored.has(baseName(file)) && specialParts(file) === specialInPattern && hiddenParts(file) === hiddenInPattern,
  );
}

/** The `__` folders of a path (files in them are read only when the pattern names them). */
const specialParts = (path: string) => (path.includes("__") ? parentParts(path).filter((part) => part.startsWith("__")).length : 0);
/** The hidden parts of a path, its folders and its name (read only when the pattern names them). */
const hiddenParts = (path: string) => (path.startsWith(".") || path.includes("/.") ? path.split("/").filter(isHidden).length : 0);
/** Whether one of a name's suffixes is an allowed extension: the last one first, the usual case. */
function hasAllowedExtension(path: string, allowed: ReadonlySet<string>): boolean {
  const name = baseName(path);
  const last = name.lastIndexOf(".");
  if (last > 0 && allowed.has(name.slice(last))) return true;
  return extensionsOf(path).some((extension) => allowed.has(extension));
}

/** Why a repository has no default splits: no file a pattern names, or a sharded name that is not a split name. */
export type NoSplits = { reason: "no-data-files" } | { reason: "invalid-split-name"; name: string };

/**
 * The default split patterns of a folder of files (get_data_patterns), or why there are none; `base` is the folder
 * (a config's data_dir, `data/python/`), and the patterns come rooted in it.
 */
export function defaultSplitPatterns(files: FileList, base = ""): SplitPatterns | NoSplits {
  const sharded = resolvePattern(`${base}${shardedSplitPattern.replace("{split}", "*")}`, files);
  if (sharded.length > 0) {
    const names = new Set(sharded.map((file) => shardedName.exec(baseName(file))![1]!));
    const invalid = [...names].find((name) => !validSplitName.test(name));
    if (invalid !== undefined) return { reason: "invalid-split-name", name: invalid };
    const known = ["train", "validation", "test"].filter((name) => names.has(name));
    const others = [...names].filter((name) => !known.includes(name)).sort();
    return [...known, ...others].map((name) => [name, [`${base}${shardedSplitPattern.replace("{split}", name)}`]]);
  }
  for (const group of defaultPatternGroups) {
    const rooted = group.map(([split, patterns]): [string, string[]] => [split, patterns.map((pattern) => `${base}${pattern}`)]);
    const found = rooted.filter(([, patterns]) => patterns.some((pattern) => resolvePattern(pattern, files).length > 0));
    if (found.length > 0) return found;
  }
  return { reason: "no-data-files" };
}

/** A card's `data_files`, in any of its shapes, as split → patterns (sanitize_patterns); a bare pattern is `train`. */
export function sanitizePatterns(
  dataFiles: string | readonly (string | { split: string; path: string | readonly string[] })[] | Readonly<Record<string, string | readonly string[]>>,
): SplitPatterns {
  const list = (path: string | readonly string[]) => (typeof path === "string" ? [path] : [...path]);
  if (typeof dataFiles === "string") return [["train", [dataFiles]]];
  if (Array.isArray(dataFiles)) {
    const entries = dataFiles as readonly (string | { split: string; path: string | readonly string[] })[];
    if (entries.every((entry) => typeof entry === "string")) return [["train", entries as string[]]];
    return entries.flatMap((entry) => (typeof entry === "string" ? [] : [[entry.split, list(entry.path)] as [string, string[]]]));
  }
  return Object.entries(dataFiles as Record<string, string | readonly string[]>).map(([split, path]) => [split, list(path)]);
}

/**
 * The data files of each split's patterns (DataFilesDict.from_patterns), with 🤗 Datasets' data extensions only. A
 * file two patterns name is listed twice, as datasets lists it: its extensions then count twice when the builder is
 * inferred.
 */
export function resolveSplitFiles(patterns: SplitPatterns, files: FileList): { splits: [split: string, files: string[]][]; missing: string | undefined } {
  let missing: string | undefined;
  const splits = patterns.map(([split, splitPatterns]): [string, string[]] => {
    const named: string[] = [];
    for (const pattern of splitPatterns) {
      const found = resolvePattern(pattern, files, { allowedExtensions: allowedDataExtensions() });
      // A file named without wildcards must exist: 🤗 Datasets fails the whole load when it does not.
      if (found.length === 0 && !isGlob(pattern)) missing ??= pattern;
      // One at a time: a spread of a million files would overflow the call stack.
      for (const file of found) named.push(file);
    }
    return [split, named];
  });
  return { splits, missing };
}
