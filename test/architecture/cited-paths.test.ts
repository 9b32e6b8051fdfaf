import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Every path of this repository a comment or a guide cites exists: a file moved or renamed takes its citations with
 * it (issue 65, 7: nine comments named files that were gone). A path is cited as the repository writes it, from its
 * root: src/…, test/…, scripts/…, templates/…, docs/… or bench/… with a file's extension or a folder's slash, or
 * data/….json; a function or value a comment names (`name` or name()) exists in the code. Paths inside a dataset
 * (data/train-….parquet) or with a placeholder (<target>) are not ours to check.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const skipped = new Set(["node_modules", "fixtures", "standins-runtimes"]);

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|mjs|cjs|py|sh)$/.test(entry.name) ? [path] : [];
  });
}

const cited =
  /(?<![\w./-])((?:src|test|scripts|templates|docs|bench)\/[\w./-]*\.(?:ts|tsx|mjs|cjs|jinja|md|py|sh)|(?:src|test|scripts|templates)\/[\w/-]+\/|data\/[\w/-]+\.json)(?![\w/-])/g;
const comments = /\/\/.*$|\/\*[\s\S]*?\*\/|^\s*#.*$/gm;

/** The cited paths of a text that do not exist, as `file: path`. */
function missingIn(file: string, texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => [...text.matchAll(cited)].map((match) => match[1]!))
    .filter((path) => !existsSync(join(root, path)))
    .map((path) => `${file}: ${path}`);
}

describe("paths cited in comments and guides", () => {
  it("finds a cited path, and none in a dataset's own layout", () => {
    expect([..."see src/cli/start.ts and test/helpers/ or data/apps.json".matchAll(cited)].map((match) => match[1])).toEqual([
      "src/cli/start.ts",
      "test/helpers/",
      "data/apps.json",
    ]);
    expect([..."data/train-00000-of-00004.parquet, test/shard-0.tar".matchAll(cited)]).toEqual([]);
    // Built here, so that this file cites no missing path itself.
    const gone = ["src", "gone", "decide.ts"].join("/");
    expect(missingIn("x.ts", [`// see ${gone}`])).toEqual([`x.ts: ${gone}`]);
  });

  it("exist, in every comment of src/, scripts/, bench/ and test/", () => {
    const files = ["src", "scripts", "bench", "test"].flatMap(sources);
    expect(files.length).toBeGreaterThan(400);
    expect(files.flatMap((file) => missingIn(file, readFileSync(join(root, file), "utf8").match(comments) ?? []))).toEqual([]);
  });

  it("name functions and values that exist: every camelCase name a comment of src/ or scripts/ writes in backticks or with ()", () => {
    const code = ["src", "scripts", "bench", "test"]
      .flatMap(sources)
      .map((file) => readFileSync(join(root, file), "utf8").replace(comments, ""))
      .join("\n");
    const words = new Set(code.match(/[A-Za-z_$][\w$]*/g));
    // Named for what they are elsewhere: Node's module API (the loader says why it does not use it).
    const foreign = new Set(["enableCompileCache"]);
    const named = /`([a-z][a-z0-9]*[A-Z]\w*)(?:\(\))?`|\b([a-z][a-z0-9]*[A-Z]\w*)\(\)/g;
    const unknown = ["src", "scripts"].flatMap(sources).flatMap((file) =>
      (readFileSync(join(root, file), "utf8").match(comments) ?? []).flatMap((text) =>
        [...text.matchAll(named)]
          .map((match) => match[1] ?? match[2]!)
          .filter((name) => !words.has(name) && !foreign.has(name))
          .map((name) => `${file}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it("exist, in the README and the guides", () => {
    const guides = ["README.md", ...readdirSync(join(root, "docs")).map((name) => `docs/${name}`), "scripts/cli-bundle/README.md"];
    expect(guides.flatMap((file) => missingIn(relative(root, join(root, file)), [readFileSync(join(root, file), "utf8")]))).toEqual([]);
  });
});
