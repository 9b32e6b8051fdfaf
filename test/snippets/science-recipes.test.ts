import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/* Regression checks of issue 34 for recipes of the science batch, beyond their fixtures. */

const snippetsOf = (record: Record<string, unknown>) => getLibrarySnippets(ModelRecordSchema.parse(record));

describe("sample-factory: the install line brings the environment the enjoy script imports", () => {
  it.each([
    ["doom_health_gathering_supreme", "sf_examples.vizdoom.enjoy_vizdoom", "sample-factory[vizdoom]"],
    ["atari_breakout", "sf_examples.atari.enjoy_atari", "sample-factory[atari]"],
    ["mujoco_halfcheetah", "sf_examples.mujoco.enjoy_mujoco", "sample-factory[mujoco]"],
  ])("%s runs %s after installing %s", (env, module, extra) => {
    const [snippet] = snippetsOf({ id: `someone/appo-${env}`, library_name: "sample-factory", tags: ["sample-factory", env] });
    expect(snippet?.content).toContain(`python -m ${module} --algo=APPO --env=${env}`);
    expect(snippet?.install).toBe(`pip install -U "${extra}"`);
  });

  it("an agent of an unknown environment keeps the plain package", () => {
    const [snippet] = snippetsOf({ id: "someone/agent", library_name: "sample-factory", tags: ["sample-factory"] });
    expect(snippet?.install).toBe("pip install -U sample-factory");
  });
});

describe("routee-powertrain: the links carry the column names the loaded model declares", () => {
  it("builds the frame from the model's features and distance column, not fixed names", () => {
    const [snippet] = snippetsOf({ id: "NatLabRockies/routee-powertrain-model-library", library_name: "routee-powertrain", tags: [] });
    expect(snippet?.content).toContain("for feature in config.feature_set.features");
    expect(snippet?.content).toContain("links[config.distance.name] =");
    expect(snippet?.content).not.toMatch(/"(distance_mi|grade_pct|distance|grade_percent|speed_mph)":/);
  });
});
