/*
 * What a snippet needs installed, as the command line a user types in a shell (`pip install -U open-clip-torch`,
 * `npm install @huggingface/inference`). Package names come from data (the library registry, the client table),
 * never from a record, so they are a closed, checked set; a name with extras (`pkg[extra]`) or a version bound
 * (`pkg<0.4`) is quoted for the shell.
 */

export type PackageManager = "pip" | "npm";

const needsQuotes = (name: string) => /[[<>=!~]/.test(name);

/** The command that installs these packages: pip upgrades what is already there (-U), npm adds to the project. */
export function installCommand(manager: PackageManager, names: readonly string[]): string {
  const words = names.map((name) => (needsQuotes(name) ? `"${name}"` : name)).join(" ");
  return manager === "pip" ? `pip install -U ${words}` : `npm install ${words}`;
}
