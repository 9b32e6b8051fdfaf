import { globMatcher } from "./glob.js";

/*
 * A split of many files is named by one short pattern, as the Hub's own code names it (`data/train-*.parquet`,
 * `*\/train.jsonl.gz`), rather than by thousands of paths: the simplest pattern that names exactly the split's files
 * among all the repository's files, or none when no simple pattern does.
 */

const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

function commonPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? "";
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

const commonSuffix = (names: readonly string[]) => [...commonPrefix(names.map((name) => [...name].reverse().join("")))].reverse().join("");

/** Glob syntax in a literal part of a pattern would change what it names: such names get no pattern. */
const hasGlobSyntax = (text: string) => /[*?[\]]/.test(text);

function candidates(files: readonly string[]): string[] {
  const folders = [...new Set(files.map(folderOf))];
  const names = files.map(nameOf);
  const found: string[] = [];
  if (folders.length === 1) {
    const folder = folders[0]!;
    // The shard numbers vary: keep the words before them and the extension after them.
    const prefix = commonPrefix(names).replace(/[0-9]+$/, "");
    const suffix = commonSuffix(names);
    const extension = suffix.slice(suffix.indexOf(".") === -1 ? suffix.length : suffix.indexOf("."));
    found.push(`${folder}${prefix}*${extension}`, `${folder}${prefix}*${suffix.replace(/^[0-9]+/, "")}`, `${folder}*${extension}`);
  } else if (new Set(names).size === 1) {
    // One name in several folders of one depth (`harmless-base/train.jsonl.gz`, `helpful-base/train.jsonl.gz`).
    const depths = new Set(files.map((file) => file.split("/").length));
    if (depths.size === 1) {
      const parts = files.map((file) => file.split("/"));
      const pattern = parts[0]!.map((part, index) => (parts.every((other) => other[index] === part) ? part : "*")).join("/");
      found.push(pattern);
    }
  }
  return found.filter((pattern) => !hasGlobSyntax(pattern.replaceAll("*", "")));
}

export function compactPattern(splitFiles: readonly string[], allFiles: readonly string[]): string | undefined {
  const wanted = new Set(splitFiles);
  for (const pattern of candidates(splitFiles)) {
    const named = allFiles.filter(globMatcher(pattern));
    if (named.length === wanted.size && named.every((file) => wanted.has(file))) return pattern;
  }
  return undefined;
}
