import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** What the tests know of package names: how PyPI compares them, and what an install line or a requirements file names. */

/** PyPI treats case and runs of `-`, `_` and `.` alike. */
export const pypiName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");
const withoutExtras = (name: string) => name.replace(/\[.*\]$/, "");
/** A pip requirement's name without its version specifier (`torch==2.0.1`, `numpy>=2`): a pinned name is still that name. */
const withoutVersion = (word: string) => word.replace(/(===|==|~=|!=|<=|>=|<|>).*$/, "");

/** The package names of an install line's `pip install` and `npm install` commands (options, URLs, paths, extras and pip version pins left out). */
export function installedNames(line: string): { pip: string[]; npm: string[] } {
  const names = { pip: [] as string[], npm: [] as string[] };
  for (const command of line.split(/&&|\|/)) {
    const words = (command.trim().match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^["']|["']$/g, ""));
    const manager = words[0] === "pip" && words[1] === "install" ? "pip" : words[0] === "npm" && words[1] === "install" ? "npm" : undefined;
    if (!manager) continue;
    const rest = words.slice(2);
    for (let index = 0; index < rest.length; index += 1) {
      const word = rest[index]!;
      if (word === "-r" || word === "-e") index += 1;
      else if (!word.startsWith("-") && !/^(git\+|https?:|\.|\/)/.test(word) && !word.includes(" @ "))
        names[manager].push(withoutExtras(manager === "pip" ? withoutVersion(word) : word));
    }
  }
  return names;
}

/** The libraries venv's requirements file (scripts/python-venv.sh builds .venv-libraries/ from it). */
export const librariesRequirements = fileURLToPath(new URL("../python/requirements-libraries.txt", import.meta.url));

/** The names a requirements file installs, as PyPI compares them. */
export function requirementNames(file: string): Set<string> {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim());
  return new Set(lines.filter(Boolean).map((line) => pypiName(line.replace(/\[.*|[=<>~!].*/, ""))));
}
