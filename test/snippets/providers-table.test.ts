import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ProviderSchema } from "../../src/catalogue/provider-schema.js";
import { listProviders, providersForTask } from "../../src/catalogue/providers.js";
import { firstIssue } from "../../src/validation/json-path.js";

const reference = JSON.parse(readFileSync("/work/shared/reference/providers.json", "utf8")) as {
  providers: string[];
  tasksByProvider: Record<string, string[]>;
  directBaseUrls: Record<string, string[]>;
  hubOrgs: Record<string, string>;
};

describe("data/providers.json", () => {
  it("every row passes the provider schema", () => {
    const problems = listProviders().flatMap((row) => {
      const result = ProviderSchema.safeParse(row);
      return result.success ? [] : [`${row.id}: ${firstIssue(result.error)}`];
    });
    expect(problems).toEqual([]);
  });

  it("holds the reference's providers, tasks, Hub organisations and direct base URLs", () => {
    const rows = listProviders();
    expect(rows.map((row) => row.id).sort()).toEqual([...reference.providers].sort());
    for (const row of rows) {
      expect(row.tasks, row.id).toEqual(reference.tasksByProvider[row.id]);
      expect(row.hubOrg, row.id).toBe(reference.hubOrgs[row.id]);
      expect(reference.directBaseUrls[row.id], row.id).toContain(row.directBaseUrl);
      for (const route of Object.values(row.routes ?? {})) if (route.directBaseUrl) expect(reference.directBaseUrls[row.id], row.id).toContain(route.directBaseUrl);
    }
  });

  it("names each provider's key <PROVIDER>_API_KEY, and hf-inference's HF_TOKEN", () => {
    for (const row of listProviders()) expect(row.apiKeyEnv).toBe(row.id === "hf-inference" ? "HF_TOKEN" : `${row.id.toUpperCase().replaceAll("-", "_")}_API_KEY`);
  });

  it("gives every non-chat task of every provider but hf-inference a route, and every chat provider a chat path", () => {
    const missing = listProviders()
      .filter((row) => row.id !== "hf-inference")
      .flatMap((row) => row.tasks.filter((task) => (task === "conversational" ? !row.chatPath : !row.routes?.[task])).map((task) => `${row.id} ${task}`));
    expect(missing).toEqual([]);
  });

  it("offers the browser hf-inference first where it serves the task, then auto, then the others", () => {
    expect(providersForTask("text-to-image").slice(0, 2)).toEqual(["hf-inference", "auto"]);
    expect(providersForTask("text-to-video")[0]).toBe("auto");
    expect(providersForTask("conversational-vision")).toContain("together");
  });
});
