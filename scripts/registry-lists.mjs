// The lists of names kept beside a registry, generated from its rows: a command asks whether a name is a library with
// a recipe, or a dataset client, without loading the registry's generators (125 of them for the libraries). A row is
// the registration; `node scripts/registry-lists.mjs` rewrites the lists from the rows after one is added, renamed or
// removed, and test/architecture/registry-lists.test.ts fails while a list is not its registry's.
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** Each list: the file written, the registry module it is read from, and how its rows name themselves. */
export const registryLists = [
  {
    file: "src/libraries/recipe-key-list.ts",
    registry: "src/libraries/registry.ts",
    names: (registry) => Object.keys(registry.libraryGenerators),
    constant: "recipeKeys",
    about: "The keys (a model's `library_name`) of every library with a loading recipe, in the registry's order.",
  },
  {
    file: "src/dataset/client-name-list.ts",
    registry: "src/dataset/clients.ts",
    names: (registry) => registry.datasetClients.map((row) => row.client),
    constant: "datasetClientNames",
    about: "The libraries and clients of dataset snippets, in the order an answer lists them.",
  },
  {
    file: "src/catalogue/app-key-list.ts",
    registry: "data/apps.json",
    names: (registry) => registry.map((app) => app.key),
    constant: "appKeys",
    about: "The keys of the local apps of data/apps.json, in its order: the registry of recipes is typed by them.",
  },
];

/** The text of a list's file. */
export function listSource(list, names) {
  return [
    `// Generated from the rows of ${list.registry} by \`node scripts/registry-lists.mjs\`: do not edit.`,
    "",
    `/** ${list.about} */`,
    `export const ${list.constant} = [`,
    ...names.map((name) => `  ${JSON.stringify(name)},`),
    "] as const;",
    "",
  ].join("\n");
}

/** The names of a registry's rows, from the registry module itself (bundled and loaded here), or its data file. */
export async function registryNames(list) {
  if (list.registry.endsWith(".json")) return list.names(JSON.parse(readFileSync(join(root, list.registry), "utf8")));
  const result = await build({
    entryPoints: [join(root, list.registry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "warning",
  });
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-registry-lists-"));
  try {
    const file = join(scratch, "registry.mjs");
    writeFileSync(file, result.outputFiles[0].text);
    return list.names(await import(pathToFileURL(file).href));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const list of registryLists) {
    const names = await registryNames(list);
    writeFileSync(join(root, list.file), listSource(list, names));
    console.log(`${list.file}: ${names.length} names from ${list.registry}`);
  }
}
