import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The arrows between src/'s modules (docs/contributing.md, Layout): cli → ui → core and cli → core, the catalogue at the bottom, and no
 * circle anywhere. The imports are read from the source text: every `import … from`, `export … from`, side-effect
 * import and `import("…")`, type-only ones included (a type's circle is still two modules that need each other).
 */

const src = fileURLToPath(new URL("../../src/", import.meta.url));

/** An import or re-export statement at the start of a line, with its specifier (the body may span lines). */
const statement = /^[ \t]*(?:import|export)\s+(?:[^;'"`]*?\s+from\s+)?["']([^"']+)["']/gm;
const dynamicImport = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(folder: string, extensions = /\.tsx?$/): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.test(entry.name) ? [path] : [];
  });
}

/** Every specifier a module imports, in the order written. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(statement), ...text.matchAll(dynamicImport)].map((match) => match[1]!);
}

/** The module under `root` a relative specifier names (`./view.js` → view.ts), or undefined for a package or another file. */
function moduleAt(from: string, specifier: string, root = src): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const named = resolve(dirname(from), specifier);
  const base = named.replace(/\.js$/, "");
  const found = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), named].find((candidate) => existsSync(candidate) && candidate.startsWith(root));
  return found === undefined ? undefined : relative(root, found);
}

/** A folder's import graph: each module (a path relative to the folder) and the modules of the folder it imports. */
function importGraph(root = src, extensions = /\.tsx?$/): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root, extensions)) {
    const targets = specifiersOf(readFileSync(file, "utf8")).map((specifier) => moduleAt(file, specifier, root));
    graph.set(relative(root, file), [...new Set(targets.filter((target) => target !== undefined))]);
  }
  return graph;
}

/** The strongly connected components of more than one module (or a module importing itself): each is a circle. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === node ? undefined : stack.pop()) {
      onStack.delete(member);
      component.push(member);
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

const graph = importGraph();
const core = ["catalogue/", "model/", "weights/", "code/", "inference/", "libraries/", "apps/", "model-answer/", "dataset/", "notebook/", "deploy/"];

/**
 * src/'s folders from the bottom up: a module imports only from its own folder and the folders below it. The files at
 * src/'s root sit at the bottom (errors, paths, the shipped examples), except index.ts, the library's face.
 */
const layers = [
  "values",
  "catalogue",
  "validation",
  "model",
  "weights",
  "code",
  "inference",
  "libraries",
  "apps",
  "model-answer",
  "dataset",
  "deploy",
  "notebook",
  "presenters",
  "terminal",
  "ui",
  "cli",
];
const layerOf = (module: string): number => (module === "index.ts" ? layers.length : module.includes("/") ? layers.indexOf(module.split("/")[0]!) : -1);

/** Imports from a folder to one above it, as `from → to`. */
function upwardImports(modules: ReadonlyMap<string, readonly string[]>): string[] {
  return [...modules].flatMap(([module, targets]) => targets.filter((target) => layerOf(target) > layerOf(module)).map((target) => `${module} → ${target}`));
}

describe("src/'s import graph", () => {
  it("is read from every kind of import: type-only, re-exports, side effects and import()", () => {
    expect(specifiersOf('import type { A } from "./a.js";\nexport { b } from "./b.js";\nimport "./c.js";\nconst d = await import("./d.js");\n')).toEqual([
      "./a.js",
      "./b.js",
      "./c.js",
      "./d.js",
    ]);
    expect(graph.get("model/view.ts")).toContain("model/formats.ts");
    // A type-only import, and an import() of a command loaded on demand.
    expect(graph.get("apps/types.ts")).toContain("model/view.ts");
    expect(graph.get("cli/runners/snippet.ts")).toContain("cli/commands/snippet.ts");
    expect(graph.size).toBeGreaterThan(200);
  });

  it("finds a circle where modules import each other", () => {
    const circular = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circlesOf(circular)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("knows every folder's layer", () => {
    const folders = new Set([...graph.keys()].filter((module) => module.includes("/")).map((module) => module.split("/")[0]!));
    expect([...folders].filter((folder) => !layers.includes(folder))).toEqual([]);
  });

  it("finds an import from a lower folder to a higher one", () => {
    expect(upwardImports(new Map([["model/view.ts", ["inference/kind.ts", "catalogue/apps.ts", "errors.ts"]]]))).toEqual(["model/view.ts → inference/kind.ts"]);
    expect(upwardImports(new Map([["errors.ts", ["values/data-value.ts"]]]))).toEqual(["errors.ts → values/data-value.ts"]);
  });

  it("imports only downward: no folder imports one above it (the core never imports a face)", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("has no import circle", () => {
    expect(circlesOf(graph)).toEqual([]);
  });

  it("has no import circle in scripts/ either (the build, the registry lists, the upstream radar)", () => {
    const scripts = importGraph(fileURLToPath(new URL("../../scripts/", import.meta.url)), /\.(ts|mjs|cjs)$/);
    expect(scripts.get("upstream/order.ts")).toContain("upstream/tables.ts");
    expect(circlesOf(scripts)).toEqual([]);
  });

  it("keeps the catalogue at the bottom: catalogue/ imports no other folder of src/ (model/, inference/ and the rest read it)", () => {
    const upward = [...graph]
      .filter(([module]) => module.startsWith("catalogue/"))
      .flatMap(([module, targets]) =>
        targets.filter((target) => target.includes("/") && !target.startsWith("catalogue/")).map((target) => `${module} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it("keeps the core free of the terminal: it never imports ink, react, chalk or commander", () => {
    const terminal = sourceFiles(src)
      .filter((file) => core.some((folder) => relative(src, file).startsWith(folder)))
      .flatMap((file) =>
        specifiersOf(readFileSync(file, "utf8"))
          .filter((specifier) => /^(?:ink|react|chalk|commander)(?:\/|$)/.test(specifier))
          .map((specifier) => `${relative(src, file)} → ${specifier}`),
      );
    expect(terminal).toEqual([]);
  });
});
