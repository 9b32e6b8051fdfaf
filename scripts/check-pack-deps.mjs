// Part of scripts/check-pack.sh: holds what installing the packed tarball pulls to what its published code loads.
// Usage: node scripts/check-pack-deps.mjs <project> (a project where the tarball, and nothing else, is installed).
// The published code's packages are found in the installed copy, at check time: the bare specifiers of every
// require(), import and import() in its JavaScript (every .js, .cjs and .mjs file; parsed by esbuild, so code text inside
// a snippet's string is not taken for an import), the CLI loader's __hubSnippetsImport() among them, and of every
// import in its type declarations (dist/**/*.d.ts). Those packages and their own dependency closures, as npm
// installed them, are what the install may hold; any other package installed fails the check with its name, and
// so does a package the code loads that is not installed.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, relative, sep } from "node:path";

const project = process.argv[2];
if (!project || !existsSync(join(project, "node_modules", "hub-snippets", "package.json"))) {
  console.error("check-pack-deps: usage: node scripts/check-pack-deps.mjs <project where hub-snippets is installed>");
  process.exit(2);
}
const packageDir = join(project, "node_modules", "hub-snippets");
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));

/** Every file under a folder of the installed package (its own node_modules excluded), as paths relative to it. */
function filesUnder(folder) {
  const entries = readdirSync(join(packageDir, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !relative(packageDir, entry.parentPath).split(sep).includes("node_modules"))
    .map((entry) => relative(packageDir, join(entry.parentPath, entry.name)));
}

/** The package a bare specifier names ("zod/mini" → "zod", "@scope/name/sub" → "@scope/name"); none for files and Node's modules. */
function packageOf(specifier) {
  if (/^[./]/.test(specifier) || /^[a-z]+:/.test(specifier) || isBuiltin(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

// A CLI bundle is, on disk, the function the loader compiles, `(function (exports, require, …) {…})`
// (scripts/cli-bundle/bundle-options.mjs): inside it, require is a parameter, which a parser does not take for
// CommonJS' require. Its body is scanned instead, with the loader's import() (__hubSnippetsImport) as import().
const wrappedBundle = /^\(function \(([\w$, ]*)\) \{/;
function scannedSource(source) {
  const wrapper = wrappedBundle.exec(source);
  if (!wrapper) return source;
  const body = source.slice(wrapper[0].length, source.lastIndexOf("}"));
  return body.replace(/\b__hubSnippetsImport\(/g, "import(");
}

/** The specifiers one JavaScript file requires or imports, as esbuild's parser finds them. */
async function jsSpecifiers(file) {
  const found = [];
  const collect = {
    name: "collect-specifiers",
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        found.push(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  const contents = scannedSource(readFileSync(join(packageDir, file), "utf8"));
  await build({
    stdin: { contents, sourcefile: file, resolveDir: dirname(join(packageDir, file)), loader: "js" },
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    logLevel: "silent",
    plugins: [collect],
  });
  return found;
}

/** The modules one declaration file imports (comments left out, so an example in a doc comment does not count). */
function typeSpecifiers(file) {
  const source = readFileSync(join(packageDir, file), "utf8");
  const references = [...source.matchAll(/^\/\/\/\s*<reference\s+types="([^"]+)"/gm)].map((match) => match[1]);
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const imports = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((match) => match[1]);
  return [...references, ...imports];
}

/** Loaded package → the published files that load it. */
const loadedBy = new Map();
function noteLoad(name, file) {
  loadedBy.set(name, [...(loadedBy.get(name) ?? []), file]);
}
const published = filesUnder(".");
for (const file of published.filter((path) => /\.(c|m)?js$/.test(path))) {
  for (const specifier of await jsSpecifiers(file)) {
    const name = packageOf(specifier);
    if (name) noteLoad(name, file);
  }
}
for (const file of published.filter((path) => /\.d\.(c|m)?ts$/.test(path))) {
  for (const specifier of typeSpecifiers(file)) {
    const name = packageOf(specifier);
    if (name) noteLoad(name, `${file} (types)`);
  }
}

/** Where `name` resolves from a folder, as Node does: the nearest node_modules/<name> up to the project. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (relative(project, dir) === "" || dirname(dir) === dir) return undefined;
  }
}

/** The package folders `dirs` bring, themselves included, as npm installed them (optional and peer dependencies too). */
function closureOf(dirs) {
  const closure = new Set();
  const queue = [...dirs];
  while (queue.length > 0) {
    const dir = queue.shift();
    if (closure.has(dir)) continue;
    closure.add(dir);
    const own = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const name of Object.keys({ ...own.dependencies, ...own.optionalDependencies, ...own.peerDependencies })) {
      const found = resolvePackage(name, dir);
      if (found) queue.push(found);
    }
  }
  return closure;
}

const problems = [];
const loadedDirs = [];
for (const [name, files] of loadedBy) {
  const dir = resolvePackage(name, packageDir);
  if (dir) loadedDirs.push(dir);
  else problems.push(`the published code loads ${name} (${files.join(", ")}), which installing the tarball did not install: declare it in "dependencies"`);
}
const allowed = closureOf(loadedDirs);

// What npm installed: every package folder of `npm ls --all`, but the project and hub-snippets themselves.
let listing;
try {
  listing = execFileSync("npm", ["ls", "--all", "--parseable"], { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
} catch (error) {
  problems.push(`npm ls --all reports a broken install: ${String(error.stderr).trim() || error.message}`);
  listing = String(error.stdout ?? "");
}
const installed = listing.split("\n").filter((line) => line.includes(`${sep}node_modules${sep}`) && line !== packageDir);
// A package by its folder under node_modules/ (a nested copy as ink/node_modules/string-width).
const nameOf = (dir) => relative(join(project, "node_modules"), dir).split(sep).join("/");
const extra = new Set(installed.filter((dir) => !allowed.has(dir)));
// Each dependency of hub-snippets that its code never loads, with what it pulled in (and nothing loaded needs).
for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies })) {
  if (loadedBy.has(name)) continue;
  const dir = resolvePackage(name, packageDir);
  const pulled = dir ? [...closureOf([dir])].filter((found) => found !== dir && extra.has(found)) : [];
  for (const found of [dir, ...pulled]) extra.delete(found);
  const pulling = pulled.length > 0 ? `; the install holds it and ${pulled.length} package(s) it pulls: ${pulled.map(nameOf).join(", ")}` : "";
  problems.push(`hub-snippets declares ${name} in its package.json, but the published code never loads it${pulling}. Move it to "devDependencies"`);
}
if (extra.size > 0) problems.push(`the install holds ${extra.size} package(s) the published code never loads: ${[...extra].map(nameOf).join(", ")}`);

const summary = [...loadedBy].map(([name, files]) => `${name} (${[...new Set(files)].join(", ")})`).join("; ");
if (problems.length > 0) {
  console.error(`check-pack: the published code loads ${summary || "no package"}.`);
  for (const problem of problems) console.error(`check-pack: ${problem}`);
  process.exit(1);
}
console.log(`check-pack: the install holds ${installed.length} packages, all loaded by the published code or by what it loads: ${summary}`);
