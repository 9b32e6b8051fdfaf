/*
 * The file a notebook is saved to: named after the repository, `owner--name.ipynb`. A Hub id holds letters, digits,
 * `.`, `_`, `-` and at most one `/`, and starts each part with a letter or digit; anything else (an id the schema
 * would refuse) is replaced, so the name never leaves the folder it is written in or hides as a dot file.
 */

export function notebookFileName(id: string, taken: (name: string) => boolean = () => false): string {
  const base =
    id
      .replace(/\//g, "--")
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^[.-]+/, "")
      .slice(0, 200) || "notebook";
  let name = `${base}.ipynb`;
  for (let number = 2; taken(name); number += 1) name = `${base}-${number}.ipynb`;
  return name;
}
