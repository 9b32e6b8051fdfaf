/*
 * A repository's file list, indexed once so that a pattern is tested only against the files it could name: those
 * under its literal folder prefix (`lang_0042/` of `lang_0042/train-*`), found by binary search in a sorted copy.
 * A card of 3,000 configs over 9,000 files then tests each pattern against its own few files, not all of them.
 */

export class FileList {
  readonly files: readonly string[];
  private sorted: string[] | undefined;
  private position: Map<string, number> | undefined;

  /** What each pattern named, kept for the view's one call: the default split patterns are tried, then read. */
  readonly named = new Map<string, string[]>();

  constructor(files: readonly string[]) {
    this.files = files;
  }

  private index(): { sorted: string[]; position: Map<string, number> } {
    this.position ??= new Map(this.files.map((file, index) => [file, index]));
    this.sorted ??= [...this.files].sort();
    return { sorted: this.sorted, position: this.position };
  }

  has(file: string): boolean {
    return this.index().position.has(file);
  }

  /** The files under a path prefix, in the record's order. */
  startingWith(prefix: string): readonly string[] {
    if (prefix === "") return this.files;
    const { sorted, position } = this.index();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < sorted.length && sorted[index]!.startsWith(prefix); index += 1) found.push(sorted[index]!);
    return found.sort((a, b) => position.get(a)! - position.get(b)!);
  }
}

/** The folders a pattern names literally before its first wildcard (`data/en/` of `data/en/train-*`). */
export function literalFolder(pattern: string): string {
  const wildcard = pattern.search(/[*?[]/);
  const literal = wildcard === -1 ? pattern : pattern.slice(0, wildcard);
  return literal.slice(0, literal.lastIndexOf("/") + 1);
}

/** The runs of plain characters within a pattern's parts, which every file it names contains (single characters left out). */
export function literalParts(pattern: string): string[] {
  // Split at folders too: `**/` may name no folder at all, so the `/` after it is not always there.
  return pattern.split(/\[[^\]]*\]|[*?[\]/]/).filter((run) => run.length > 1);
}
