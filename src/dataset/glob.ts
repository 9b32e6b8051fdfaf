/**
 * The path patterns of a dataset card's `data_files` and of 🤗 Datasets' default split patterns, matched as fsspec's
 * glob matches them (fsspec/utils.py, glob_translate, with hidden files included): a whole `*` segment is one non-empty
 * name, `*` and `?` within a name stay within it, a whole `**` segment is any number of folders, `[…]` a character
 * class (`[!…]` its complement). `**` beside other characters in one segment is invalid, as fsspec refuses it.
 */

const special = /[\\^$.|+(){}*?[\]]/;

/** Whether fsspec refuses to glob a pattern: `**` beside other characters in one path component. */
export const invalidGlob = (pattern: string): boolean =>
  pattern.includes("**") && pattern.split("/").some((segment) => segment !== "**" && segment.includes("**"));

/** A character class starting at `open` (the `[`): its regular expression and the index after its `]`, or none. */
function characterClass(pattern: string, open: number): [string, number] | undefined {
  let end = open + 1;
  if (pattern[end] === "!") end += 1;
  if (pattern[end] === "]") end += 1;
  while (end < pattern.length && pattern[end] !== "]") end += 1;
  if (end >= pattern.length) return undefined;
  let body = pattern.slice(open + 1, end).replace(/\\/g, "\\\\");
  if (body === "") return ["(?!)", end + 1];
  if (body === "!") return ["[^/]", end + 1];
  if (body.startsWith("!")) body = `^${body.slice(1)}`;
  else if (body.startsWith("^") || body.startsWith("[")) body = `\\${body}`;
  return [`[${body.replace(/\[/g, "\\[")}]`, end + 1];
}

/** One segment that is not `*` or `**`: its wildcards stay within the segment. */
function segmentSource(segment: string): string {
  let source = "";
  for (let index = 0; index < segment.length;) {
    const char = segment[index]!;
    if (char === "*") {
      if (!source.endsWith("[^/]*")) source += "[^/]*";
      index += 1;
    } else if (char === "?") {
      source += "[^/]";
      index += 1;
    } else if (char === "[") {
      const found = characterClass(segment, index);
      if (found === undefined) {
        source += "\\[";
        index += 1;
      } else {
        source += found[0];
        index = found[1];
      }
    } else {
      source += special.test(char) ? `\\${char}` : char;
      index += 1;
    }
  }
  return source;
}

/** A regular expression that matches a whole file path against a glob pattern; throws on an invalid pattern. */
export function globRegExp(pattern: string): RegExp {
  if (invalidGlob(pattern)) throw new Error(`invalid pattern '${pattern}': '**' can only be an entire path component`);
  const segments = pattern.split("/");
  const last = segments.length - 1;
  let source = "";
  segments.forEach((segment, index) => {
    if (segment === "*") source += index < last ? "[^/]+/" : "[^/]+";
    else if (segment === "**") source += index < last ? "(?:.+/)?" : ".*";
    else {
      source += segmentSource(segment);
      if (index < last) source += "/";
    }
  });
  return new RegExp(`^(?:${source})$`, "s");
}

/** Whether one name matches one segment made of plain text and `*` (each `*` any run of characters). */
function segmentMatches(segment: string, name: string): boolean {
  if (segment === "*") return name.length > 0;
  const pieces = segment.split("*");
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (pieces.length === 1) return name === segment;
  if (name.length < first.length + last.length || !name.startsWith(first) || !name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = name.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/**
 * A matcher for a whole file path: plain string tests for patterns of plain text and `*` alone (most cards'
 * `data/train-*`), which spares a card of thousands of configs a regular expression per pattern; else the glob's
 * regular expression. Throws on an invalid pattern.
 */
export function globMatcher(pattern: string): (path: string) => boolean {
  if (/[?[\]]/.test(pattern) || pattern.includes("**")) {
    const regExp = globRegExp(pattern);
    return (path) => regExp.test(path);
  }
  const segments = pattern.split("/");
  return (path) => {
    const names = path.split("/");
    return names.length === segments.length && segments.every((segment, index) => segmentMatches(segment, names[index]!));
  };
}

/** Whether a pattern holds any glob syntax (else it names one file): Python's glob.has_magic. */
export const isGlob = (pattern: string) => /[*?[]/.test(pattern);

/** A name as a glob that matches it alone: each `*`, `?` and `[` in brackets, as Python's glob.escape writes it. */
export const escapeGlob = (name: string) => name.replace(/[*?[]/g, "[$&]");
