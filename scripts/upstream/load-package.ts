/* A package unpacked on disk, imported as ESM from the file its package.json exports for `import`. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { RadarError } from "./arguments.js";

interface Manifest {
  name: string;
  version: string;
  module?: string;
  exports?: { ".": { import?: { default?: string } | string } };
}

export async function importPackage<Namespace>(packageDir: string): Promise<Namespace> {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest;
  const target = manifest.exports?.["."]?.import;
  const entry = (typeof target === "string" ? target : target?.default) ?? manifest.module;
  if (!entry) throw new RadarError(`${manifest.name}@${manifest.version} exports no ES module entry`);
  try {
    return (await import(pathToFileURL(join(packageDir, entry)).href)) as Namespace;
  } catch (error) {
    throw new RadarError(`${manifest.name}@${manifest.version} cannot be loaded: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** One module of a package by its path in the package (a file its exports do not name), or undefined where it has none. */
export async function importPackageFile<Namespace>(packageDir: string, path: string): Promise<Namespace | undefined> {
  const file = join(packageDir, path);
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as Namespace) : undefined;
}
