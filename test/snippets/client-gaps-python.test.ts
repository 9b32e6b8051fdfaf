import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { inferenceKinds, inferenceTasks } from "../../src/catalogue/inference-kinds.js";
import { listProviders, providerTaskOf } from "../../src/catalogue/providers.js";
import { clientTable } from "../../src/inference/clients.js";
import { venvHas, venvPython } from "../helpers/python-venv.js";

/*
 * huggingface_hub's gaps (data/client-gaps.json) against the package installed in .venv/: they name its version,
 * and the provider tasks it has no helper for are exactly those its `PROVIDERS` table lacks, among the tasks of our
 * provider table that huggingface_hub has a method for. (The LoRA gaps were read from its helpers' source: no table
 * says them.)
 */

const available = venvHas(["huggingface_hub"]);

function installedHub(): { version: string; providers: Record<string, string[]> } {
  const probe = spawnSync(
    venvPython,
    [
      "-c",
      "import json, huggingface_hub\nfrom huggingface_hub.inference._providers import PROVIDERS\nprint(json.dumps({'version': huggingface_hub.__version__, 'providers': {p: sorted(t) for p, t in PROVIDERS.items()}}))",
    ],
    { encoding: "utf8" },
  );
  if (probe.status !== 0) throw new Error(`probing huggingface_hub failed: ${probe.stderr}`);
  return JSON.parse(probe.stdout) as { version: string; providers: Record<string, string[]> };
}

describe.skipIf(!available)("huggingface_hub's gaps agree with the installed package", () => {
  const row = clientTable.find((each) => each.language === "python" && each.client === "huggingface_hub")!;
  const gaps = row.gaps();

  it("every gap was read from the installed version", () => {
    const { version } = installedHub();
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(`${gap.provider}: ${gap.package} ${gap.version}`).toBe(`${gap.provider}: huggingface_hub ${version}`);
  });

  it("lists exactly the provider tasks its PROVIDERS lacks", () => {
    const { providers } = installedHub();
    const lacking = listProviders().flatMap((provider) =>
      inferenceKinds
        .filter((kind) => inferenceTasks[kind].pythonMethod !== undefined && provider.tasks.includes(providerTaskOf(kind)))
        .filter((kind) => !(providers[provider.id] ?? []).includes(providerTaskOf(kind)))
        .map((kind) => `${provider.id} ${kind}`),
    );
    const listed = gaps
      .filter((gap) => gap.effect === "no-snippet" && gap.adapter === undefined)
      .flatMap((gap) => (gap.kinds === "all" ? [`${gap.provider} all`] : gap.kinds.map((kind) => `${gap.provider} ${kind}`)));
    expect([...listed].sort()).toEqual([...lacking].sort());
  });
});
