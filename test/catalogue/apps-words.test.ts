import { describe, expect, it } from "vitest";
import { listApps, modelsAppsRun } from "../../src/catalogue/apps.js";

describe("the kinds of model the apps run, in words", () => {
  it("is drawn from data/apps.json: what the apps run today", () => {
    expect(modelsAppsRun()).toBe("GGUF, MLX, transformers LLM and diffusion models");
  });

  it("names only kinds some app runs", () => {
    const formats = new Set(listApps().flatMap((app) => app.appliesTo));
    expect(formats.has("onnx")).toBe(false);
    expect(modelsAppsRun()).not.toContain("ONNX");
  });
});
