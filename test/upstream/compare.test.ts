import * as Inference from "@huggingface/inference";
import * as Tasks from "@huggingface/tasks";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseArguments } from "../../scripts/upstream/arguments.js";
import { compareReleases } from "../../scripts/upstream/compare.js";
import { folded } from "../../scripts/upstream/drift.js";
import { ourFacts } from "../../scripts/upstream/our-facts.js";
import { importPackageFile } from "../../scripts/upstream/load-package.js";
import { packageFacts, type InferenceTemplates } from "../../scripts/upstream/package-facts.js";
import { markdownReport } from "../../scripts/upstream/report.js";
import { emptyTables, tableIds, tables, type FactTables, type Facts } from "../../scripts/upstream/tables.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

const filled = (rows: Partial<Record<keyof FactTables, [string, Facts][]>>): FactTables => {
  const into = emptyTables();
  for (const [table, entries] of Object.entries(rows)) for (const [key, facts] of entries) into[table as keyof FactTables].set(key, facts);
  return into;
};

describe("the radar's comparison", () => {
  const before = filled({
    library: [
      ["keras-ish", { repoUrl: "https://a", hasSnippets: false }],
      ["gone", { repoUrl: "https://g", hasSnippets: false }],
    ],
    provider: [["deepinfra", { tasks: ["conversational"], hubOrg: "deepinfra", directBaseUrls: ["https://api.deepinfra.com"] }]],
    hardware: [["GPU NVIDIA H100", { tflops: 1 }]],
  });
  const after = filled({
    library: [
      ["keras-ish", { repoUrl: "https://b", hasSnippets: true }],
      ["new", { repoUrl: "https://n", hasSnippets: true }],
    ],
    provider: [
      [
        "deepinfra",
        { tasks: ["conversational", "text-to-image"], hubOrg: "deepinfra", directBaseUrls: ["https://api.deepinfra.com", "https://images.deepinfra.com"] },
      ],
    ],
    hardware: [["GPU NVIDIA H100", { tflops: 2 }]],
  });
  const ours = filled({
    library: [
      ["keras-ish", { repoUrl: "https://b", hasSnippets: false }],
      ["new", { repoUrl: "https://n", hasSnippets: true }],
      ["gone", { repoUrl: "https://g", hasSnippets: false }],
    ],
    provider: [["deepinfra", { tasks: ["conversational", "text-to-image"], hubOrg: "deepinfra", directBaseUrls: ["https://api.deepinfra.com"] }]],
  });

  it("says each change in one sentence and whether our tables follow it (a table we hold none of is only watched)", () => {
    expect(compareReleases(before, after, ours)).toEqual([
      { table: "library", key: "new", sentence: "library `new` was added, with a snippet function", followed: true },
      { table: "library", key: "gone", sentence: "library `gone` was removed", followed: false, because: `still in ${tables.library.ours}` },
      { table: "library", key: "keras-ish", field: "repoUrl", sentence: "library `keras-ish` repoUrl changed from `https://a` to `https://b`", followed: true },
      {
        table: "library",
        key: "keras-ish",
        field: "hasSnippets",
        sentence: "library `keras-ish` gained a snippet function",
        followed: false,
        because: `${tables.library.ours} has hasSnippets false`,
      },
      {
        table: "hardware",
        key: "GPU NVIDIA H100",
        field: "tflops",
        sentence: "hardware `GPU NVIDIA H100` tflops changed from `1` to `2`",
        followed: undefined,
      },
      { table: "provider", key: "deepinfra", field: "tasks", sentence: "provider `deepinfra` now serves `text-to-image`", followed: true },
      {
        table: "provider",
        key: "deepinfra",
        field: "directBaseUrls",
        sentence: "provider `deepinfra` now calls base URL `https://images.deepinfra.com`",
        followed: false,
        because: 'data/providers.json has directBaseUrls ["https://api.deepinfra.com"]',
      },
    ]);
  });

  it("follows an added row only where our file lists it in upstream's place, and reports a new order of the rows", () => {
    const row = { label: "x" };
    const before = filled({
      app: [
        ["a", row],
        ["b", row],
        ["c", row],
      ],
    });
    const after = filled({
      app: [
        ["a", row],
        ["new", row],
        ["c", row],
        ["b", row],
      ],
    });
    const ours = filled({
      app: [
        ["a", row],
        ["b", row],
        ["c", row],
        ["new", row],
      ],
    });
    expect(compareReleases(before, after, ours)).toEqual([
      { table: "app", key: "new", sentence: "local app `new` was added", followed: false, because: "data/apps.json does not list it right after `a`" },
      { table: "app", key: "order", sentence: "the local app list changed order", followed: false, because: "data/apps.json keeps another order" },
    ]);
    const followed = filled({
      app: [
        ["a", row],
        ["new", row],
        ["c", row],
        ["b", row],
      ],
    });
    expect(compareReleases(before, after, followed).map((change) => change.followed)).toEqual([true, true]);
  });

  it("writes upstream's text with its control characters escaped", () => {
    const hostile = filled({ app: [["evil\u001b]52;c;aGk=\u0007", { label: "x" }]] });
    const report = markdownReport({
      releases: [{ name: "@huggingface/tasks", from: "1.0.0", to: "1.0.1" }],
      changes: compareReleases(emptyTables(), hostile, emptyTables()),
    });
    expect(report).toContain("- [ ] local app `evil\\u001b]52;c;aGk=\\u0007` was added (not followed: missing from data/apps.json)");
    expect(report).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});

describe("the radar's facts", () => {
  it("reads the same facts from the installed pinned packages as our tables hold (what the oracle tests hold)", () => {
    const upstream = packageFacts(Tasks, Inference);
    const held = ourFacts();
    const rows = (table: FactTables[keyof FactTables], drop: string[] = []) =>
      Object.fromEntries([...table].map(([key, facts]) => [key, Object.fromEntries(Object.entries(facts).filter(([field]) => !drop.includes(field)))]));
    for (const table of tableIds.filter((id) => tables[id].ours !== undefined && id !== "providerRoute")) {
      // We call each provider at some of the base URLs upstream's helpers name (providers-table.test.ts).
      const drop = table === "provider" ? ["directBaseUrls"] : [];
      expect(rows(held[table], drop), `${table}`).toEqual(rows(upstream[table], drop));
    }
    // A route upstream builds from the model (Novita's image-text-to-video) is no fact of its: ours alone has it.
    const ourRoutes = rows(held.providerRoute);
    expect(Object.keys(ourRoutes).filter((key) => !upstream.providerRoute.has(key))).toEqual(["novita image-text-to-video"]);
    expect(Object.fromEntries(Object.entries(ourRoutes).filter(([key]) => upstream.providerRoute.has(key)))).toEqual(rows(upstream.providerRoute));
    expect(upstream.hardware.size).toBeGreaterThan(50);
  });

  it("reads the inference templates of a release from its files (a table we only watch)", async () => {
    const templates = await importPackageFile<{ templates: InferenceTemplates }>(
      join(root, "node_modules/@huggingface/inference"),
      "dist/esm/snippets/templates.exported.js",
    );
    const facts = packageFacts(Tasks, Inference, templates?.templates);
    expect(facts.inferenceTemplate.get("python/requests/basic")).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(facts.inferenceTemplate.size).toBeGreaterThan(20);
  });
});

describe("the snippet text drift", () => {
  it("is no drift where only the layout or the quotes changed", () => {
    expect(folded("model = load(\n    'org/name',\n)")).toBe(folded('model = load( "org/name", )'));
    expect(folded("load('org/name')")).not.toBe(folded("load('org/other')"));
  });
});

describe("the radar's arguments", () => {
  const pinned = { tasks: "0.21.54", inference: "4.13.30" };
  it("reads A..B as a range, B alone as from the pinned version, and nothing as pinned to newest", () => {
    expect(parseArguments(["--tasks", "0.21.35..0.21.54", "--inference=4.13.31", "--json", "--snippets"], pinned)).toEqual({
      tasks: { from: "0.21.35", to: "0.21.54" },
      inference: { from: "4.13.30", to: "4.13.31" },
      json: true,
      snippets: true,
    });
    expect(parseArguments([], pinned)).toEqual({
      tasks: { from: "0.21.54", to: undefined },
      inference: { from: "4.13.30", to: undefined },
      json: false,
      snippets: false,
    });
  });
});
