/*
 * One install cell for every snippet of a notebook, each package once. A snippet's install line is what
 * installCommand (snippets/install.ts) and the library registry wrote: `pip install -U <names>`, sometimes after a
 * `pip install <url>` or a command that fetches the code (`git clone … && cd … && pip install -e .`), joined by
 * `&&`. Lines made of pip installs alone become `%pip` lines, which install into the notebook's own kernel (a `!pip`
 * may reach another Python): the `-U` names of them all, merged, in one `%pip install -U` line; any other pip install
 * as it was written. A line with any other command runs whole, as a `!` shell line, so its `cd` still applies to what
 * follows it. Install lines hold no record text: their names come from the registry and the client table.
 */

const pipUpgrade = /^pip install -U (.+)$/;
const pipOther = /^pip install (.+)$/;

export interface InstallPlan {
  /** Names for `%pip install -U`, each once, in the order first met. */
  upgrade: string[];
  /** Other pip installs (a git URL, a wheel), each once: the words after `pip install`. */
  other: string[];
  /** Whole install lines with commands other than pip, each once. */
  shell: string[];
}

export function installPlan(lines: readonly (string | undefined)[], extra: readonly string[] = []): InstallPlan {
  const plan: InstallPlan = { upgrade: [], other: [], shell: [] };
  const add = (list: string[], item: string) => {
    if (!list.includes(item)) list.push(item);
  };
  for (const line of lines) {
    if (line === undefined || line.trim() === "") continue;
    const parts = line.split(" && ").map((part) => part.trim());
    if (!parts.every((part) => pipOther.test(part))) {
      add(plan.shell, line.trim());
      continue;
    }
    for (const part of parts) {
      const upgrade = pipUpgrade.exec(part);
      if (upgrade) for (const name of upgrade[1]!.split(/\s+/)) add(plan.upgrade, name);
      else add(plan.other, pipOther.exec(part)![1]!);
    }
  }
  for (const name of extra) if (!plan.upgrade.includes(name) && !plan.shell.some((line) => line.includes(name))) plan.upgrade.push(name);
  return plan;
}

/** The install cell's code, or undefined when nothing needs installing. */
export function installCode(plan: InstallPlan): string | undefined {
  const lines = [
    ...plan.other.map((words) => `%pip install ${words}`),
    ...(plan.upgrade.length > 0 ? [`%pip install -U ${plan.upgrade.join(" ")}`] : []),
    ...plan.shell.map((line) => `!${line}`),
  ];
  return lines.length === 0 ? undefined : `${lines.join("\n")}\n`;
}
