import { fileURLToPath } from "node:url";

// Both src/paths.ts and the bundled dist/*.js sit one level below the package root.
const packageRoot = fileURLToPath(new URL("../", import.meta.url));

export const dataDir = `${packageRoot}data/`;
export const templatesDir = `${packageRoot}templates/`;
/** The templates' syntax trees, made by the build (scripts/precompile-templates.mjs). */
export const compiledTemplatesDir = `${packageRoot}dist/templates/`;
/** The example records shipped with the package (`snippet example:<name>`). */
export const examplesDir = `${packageRoot}examples/`;
