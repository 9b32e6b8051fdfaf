import { dirname, sep } from "node:path";

// Both src/paths.ts and the bundled dist/*.js sit one level below the package root. `import.meta.dirname` (every
// Node.js the package supports has it; the CLI's bundles get their own folder) needs no file URL: building and
// converting one (node:url's first run) cost every CLI start (docs/performance.md, "Measured choices").
const packageRoot = `${dirname(import.meta.dirname)}${sep}`;

export const dataDir = `${packageRoot}data/`;
export const templatesDir = `${packageRoot}templates/`;
/** The templates' syntax trees, made by the build (scripts/precompile-templates.mjs). */
export const compiledTemplatesDir = `${packageRoot}dist/templates/`;
/** The example records shipped with the package (`snippet example:<name>`). */
export const examplesDir = `${packageRoot}examples/`;
