import { getLibrary } from "../catalogue/libraries.js";
import type { Library } from "../catalogue/schema.js";

/**
 * A library's install names, from its registry row. The CLI bundles swap this module for the same table written
 * in at build time (scripts/cli-bundle/esbuild-plugins.mjs, installsAtBuild), so a snippet command does not read
 * and parse all of data/libraries.json to print one line of it.
 */
export function installOfLibrary(key: string): Library["install"] {
  return getLibrary(key)?.install;
}
