/**
 * The path patterns of a dataset card's `data_files` (fsspec globs, as 🤗 Datasets reads them): `*` and `?` within
 * one path segment, `**` across segments, `[…]` a character class. Used to find which of the record's files a
 * pattern names, so that code reads one file by its name rather than a pattern when only one matches.
 */

const special = /[\\^$.|+(){}]/g;

/** A regular expression that matches a whole file path against a glob pattern. */
export function globRegExp(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === "*" && pattern[index + 1] === "*") {
      // `**/` matches no folder or any number of them; a trailing `**` anything below.
      const slash = pattern[index + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      index += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = pattern.indexOf("]", index + 2);
      if (end === -1) source += "\\[";
      else {
        const body = pattern
          .slice(index + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        index = end;
      }
    } else source += char.replace(special, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** Whether a pattern holds any glob syntax (else it names one file). */
export const isGlob = (pattern: string) => /[*?[]/.test(pattern);

/** The files (in the record's order) that a pattern names. */
export function matchingFiles(pattern: string, files: readonly string[]): string[] {
  if (!isGlob(pattern)) return files.includes(pattern) ? [pattern] : [];
  let regExp: RegExp;
  try {
    regExp = globRegExp(pattern);
  } catch {
    // A character class the engine refuses (`[z-a]`) names no file, as fsspec's glob finds none.
    return [];
  }
  return files.filter((file) => regExp.test(file));
}
