#!/usr/bin/env node
// Compares test/fixtures/install/package-names.json, the checked copy of every package name an install line prints,
// with complete lists of PyPI's and npm's names (TSV files: name first; PyPI's summary in its 5th column, npm's in its
// 4th), as a maintainer has them when adding a name. A test never reads such a list: it lives outside the repository.
//
// Usage: node scripts/check-package-names.mjs <folder holding pypi.tsv and npm.tsv>
// Exit 0 when every name is listed with the summary written in the copy; 1 with each difference; 2 on bad usage.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = process.argv[2];
if (!folder || !existsSync(join(folder, "pypi.tsv")) || !existsSync(join(folder, "npm.tsv"))) {
  console.error("usage: node scripts/check-package-names.mjs <folder holding pypi.tsv and npm.tsv>");
  process.exit(2);
}

/** PyPI treats case and runs of `-`, `_` and `.` alike. */
const pypiName = (name) => name.toLowerCase().replace(/[-_.]+/g, "-");

function rows(file, normalise) {
  const byName = new Map();
  for (const line of readFileSync(join(folder, file), "utf8").split("\n").slice(1)) {
    const fields = line.split("\t");
    if (fields[0]) byName.set(normalise(fields[0]), fields);
  }
  return byName;
}

const checked = JSON.parse(readFileSync(new URL("../test/fixtures/install/package-names.json", import.meta.url), "utf8"));
const pypi = rows("pypi.tsv", pypiName);
const npm = rows("npm.tsv", (name) => name);
const problems = [
  ...Object.entries(checked.pip).flatMap(([name, entry]) => {
    const row = pypi.get(pypiName(name));
    if (!row) return [`pip ${name}: not on PyPI`];
    return row[4] === entry.summary ? [] : [`pip ${name}: the copy says ${JSON.stringify(entry.summary)}, the list ${JSON.stringify(row[4])}`];
  }),
  ...Object.entries(checked.npm).flatMap(([name, entry]) => {
    const row = npm.get(name);
    if (!row) return [`npm ${name}: not on npm`];
    return row[3] === entry.summary ? [] : [`npm ${name}: the copy says ${JSON.stringify(entry.summary)}, the list ${JSON.stringify(row[3])}`];
  }),
];
for (const problem of problems) console.log(problem);
console.error(`${Object.keys(checked.pip).length} pip and ${Object.keys(checked.npm).length} npm names checked, ${problems.length} differences`);
process.exit(problems.length === 0 ? 0 : 1);
