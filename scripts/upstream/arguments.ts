/*
 * The radar's command line: `--tasks A..B`, `--inference A..B` (a single `B` means from the pinned version to B,
 * nothing means from the pinned version to the newest), `--snippets` (the drift of upstream's snippet text), `--json`. A bad argument is a RadarError with exit 2.
 */

/** An error the maintainer can cause (a bad argument, a release that cannot be fetched): its message, exit 2. */
export class RadarError extends Error {
  readonly exitCode = 2;
}

/** The two releases of one package to compare; `to` undefined means the newest on the registry. */
export interface ReleaseRange {
  from: string;
  to: string | undefined;
}

export interface RadarArguments {
  tasks: ReleaseRange;
  inference: ReleaseRange;
  json: boolean;
  /** Also run upstream's snippet generators of both releases over our corpus (the drift report). */
  snippets: boolean;
}

const version = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function checkedVersion(option: string, text: string): string {
  if (!version.test(text)) throw new RadarError(`${option}: '${text}' is not a version (write 0.21.54, or A..B for a range)`);
  return text;
}

/** `A..B`, `B` or nothing, with `pinned` standing in for a missing A. */
export function parseRange(option: string, text: string | undefined, pinned: string): ReleaseRange {
  if (text === undefined) return { from: pinned, to: undefined };
  const parts = text.split("..");
  if (parts.length === 1) return { from: pinned, to: checkedVersion(option, text) };
  if (parts.length !== 2) throw new RadarError(`${option}: '${text}' is not a range (write A..B, or B alone to start from the pinned ${pinned})`);
  return { from: checkedVersion(option, parts[0] ?? ""), to: checkedVersion(option, parts[1] ?? "") };
}

const usage = "usage: npm run upstream -- [--tasks A..B] [--inference A..B] [--snippets] [--json]";

/** The arguments after `npm run upstream --`, with the pinned versions of package.json. */
export function parseArguments(argv: readonly string[], pinned: { tasks: string; inference: string }): RadarArguments {
  const given: { tasks?: string; inference?: string } = {};
  let json = false;
  let snippets = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? "";
    const [name, inline] =
      argument.startsWith("--") && argument.includes("=")
        ? [argument.slice(0, argument.indexOf("=")), argument.slice(argument.indexOf("=") + 1)]
        : [argument, undefined];
    if (name === "--json" && inline === undefined) json = true;
    else if (name === "--snippets" && inline === undefined) snippets = true;
    else if (name === "--tasks" || name === "--inference") {
      const value = inline ?? argv[++index];
      if (value === undefined || value.startsWith("--")) throw new RadarError(`${name} needs a version or a range A..B\n${usage}`);
      given[name === "--tasks" ? "tasks" : "inference"] = value;
    } else throw new RadarError(`unknown argument '${argument}'\n${usage}`);
  }
  return {
    tasks: parseRange("--tasks", given.tasks, pinned.tasks),
    inference: parseRange("--inference", given.inference, pinned.inference),
    json,
    snippets,
  };
}
