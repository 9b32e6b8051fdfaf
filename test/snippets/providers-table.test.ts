import { describe, expect, it } from "vitest";
import { ProviderSchema } from "../../src/catalogue/provider-schema.js";
import { listProviders, providersForTask } from "../../src/catalogue/providers.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { factDifferences, inferencePackage, oracleDirectBaseUrls, oracleHubOrgs, oracleProviders, oracleProviderTasks, type Facts } from "../helpers/oracle.js";

describe("data/providers.json", () => {
  it("every row passes the provider schema", () => {
    const problems = listProviders().flatMap((row) => {
      const result = ProviderSchema.safeParse(row);
      return result.success ? [] : [`${row.id}: ${firstIssue(result.error)}`];
    });
    expect(problems).toEqual([]);
  });

  it(`holds ${inferencePackage}'s providers, the tasks each serves (sorted) and their Hub organisations`, () => {
    const oracle = oracleProviders.map((id) => [id, { tasks: oracleProviderTasks[id], hubOrg: oracleHubOrgs[id] }] as [string, Facts]);
    const ours = listProviders().map((row) => [row.id, { tasks: row.tasks, hubOrg: row.hubOrg }] as [string, Facts]);
    expect(factDifferences("provider", inferencePackage, oracle, "data/providers.json", ours)).toEqual([]);
  });

  it(`calls each provider directly at a base URL of ${inferencePackage}'s task helpers`, () => {
    const strays = listProviders().flatMap((row) => {
      const known = oracleDirectBaseUrls[row.id] ?? [];
      const urls = [row.directBaseUrl, ...Object.values(row.routes ?? {}).flatMap((route) => (route.directBaseUrl ? [route.directBaseUrl] : []))];
      return urls
        .filter((url) => !known.includes(url))
        .map(
          (url) =>
            `provider '${row.id}' base URL ${url} is in data/providers.json but not in ${inferencePackage} (${known.join(", ") || "no provider of that id"})`,
        );
    });
    expect(strays).toEqual([]);
  });

  it("names each provider's key <PROVIDER>_API_KEY, and hf-inference's HF_TOKEN", () => {
    for (const row of listProviders())
      expect(row.apiKeyEnv).toBe(row.id === "hf-inference" ? "HF_TOKEN" : `${row.id.toUpperCase().replaceAll("-", "_")}_API_KEY`);
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
