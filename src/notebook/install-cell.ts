/*
 * One install cell for every snippet of a notebook, each package once. A snippet's install line is what
 * installCommand (src/code/install.ts) and the library registry wrote: `pip install -U <names>`, sometimes after a
 * `pip install <url>` or a command that fetches the code (`git clone … && cd … && pip install -e .`), joined by
 * `&&`. Lines made of pip installs alone become `%pip` lines, which install into the notebook's own kernel (a `!pip`
 * may reach another Python): the `-U` names of them all, merged, in one `%pip install -U` line; any other pip install
 * as it was written. A line with any other command runs whole, as a `!` shell line, so its `cd` still applies to what
 * follows it. Install lines hold no record text: their names come from the registry and the client table.
 *
 * Two kinds of package are installed otherwise in a notebook, on the runtimes it is written for:
 * - torch, torchvision and torchaudio, which Colab and Kaggle preinstall as one CUDA build: `-U torch` replaces torch
 *   alone with PyPI's newest and leaves the preinstalled torchvision compiled against the old one (its operators then
 *   fail to load). They get a plain `%pip install`, which installs them where missing and leaves them where present.
 * - llama-cpp-python, whose PyPI release is a source distribution: pip compiles llama.cpp for minutes, without CUDA
 *   whatever the runtime. The project's own index of prebuilt CPU wheels is named beside PyPI, and --prefer-binary
 *   takes its newest wheel over a newer source release (pip would otherwise build that).
 */

/** Packages the runtimes preinstall built together: installed where missing, never upgraded one at a time. */
const keptAsInstalled = new Set(["torch", "torchvision", "torchaudio"]);

/** Packages installed from words other than `-U <name>`, each with the words after `%pip install`. */
const installedOtherwise: Readonly<Record<string, string>> = {
  "llama-cpp-python": "--prefer-binary --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cpu llama-cpp-python",
};

const pipUpgrade = /^pip install -U (.+)$/;
const pipOther = /^pip install (.+)$/;

export interface InstallPlan {
  /** Names for `%pip install -U`, each once, in the order first met. */
  upgrade: string[];
  /** Names installed where missing and never upgraded (keptAsInstalled), each once. */
  kept: string[];
  /** Other pip installs (a git URL, a wheel), each once: the words after `pip install`. */
  other: string[];
  /** Whole install lines with commands other than pip, each once. */
  shell: string[];
}

export function installPlan(lines: readonly (string | undefined)[], extra: readonly string[] = []): InstallPlan {
  const plan: InstallPlan = { upgrade: [], kept: [], other: [], shell: [] };
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
      if (upgrade) for (const name of upgrade[1]!.split(/\s+/)) addName(plan, name);
      else add(plan.other, pipOther.exec(part)![1]!);
    }
  }
  for (const name of extra) if (!plan.upgrade.includes(name) && !plan.shell.some((line) => line.includes(name))) plan.upgrade.push(name);
  return plan;
}

/** A name of a `pip install -U` line, where the notebook installs it. */
function addName(plan: InstallPlan, name: string): void {
  const otherwise = Object.hasOwn(installedOtherwise, name) ? installedOtherwise[name] : undefined;
  const [list, item] = otherwise !== undefined ? [plan.other, otherwise] : [keptAsInstalled.has(name) ? plan.kept : plan.upgrade, name];
  if (!list.includes(item)) list.push(item);
}

/** The install cell's code, or undefined when nothing needs installing. */
export function installCode(plan: InstallPlan): string | undefined {
  const lines = [
    ...plan.other.map((words) => `%pip install ${words}`),
    ...(plan.upgrade.length > 0 ? [`%pip install -U ${plan.upgrade.join(" ")}`] : []),
    ...(plan.kept.length > 0 ? [`%pip install ${plan.kept.join(" ")}`] : []),
    ...plan.shell.map((line) => `!${line}`),
  ];
  return lines.length === 0 ? undefined : `${lines.join("\n")}\n`;
}
