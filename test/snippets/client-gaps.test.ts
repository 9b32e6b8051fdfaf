import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "@huggingface/inference";
import { ClientGapsSchema, type SdkGap } from "../../src/catalogue/client-gap-schema.js";
import { inferenceKinds, type InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { getProvider, listProviders, providerTaskOf, servesTask } from "../../src/catalogue/providers.js";
import { clientTable } from "../../src/inference/clients.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { recordFor } from "../helpers/corpus.js";

/*
 * What an SDK version cannot do for a provider is one fact on its client's row (data/client-gaps.json), with the
 * package and version it was read from; the client table asks it for every request. The Python package's gaps are
 * held to the installed package in client-gaps-python.test.ts, the JavaScript SDK's text-generation gaps to its
 * helpers here, its keep-alive gaps by running its snippets (provider-sdk.test.ts).
 */

const file = JSON.parse(readFileSync(new URL("../../data/client-gaps.json", import.meta.url), "utf8")) as unknown;
const rowNamed = (name: string) => clientTable.find((row) => `${row.language}/${row.client}` === name);
/** The SDK package each client with gaps is: the one its install line names. */
const sdkPackages: Record<string, string> = { "python/huggingface_hub": "huggingface_hub", "js/huggingface.js": "@huggingface/inference" };
const installed = (name: string) =>
  (JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as { version: string }).version;

/** What the oracle reads of an SDK provider helper. */
interface SdkHelper {
  makeRoute(params: { model: string; args: Record<string, unknown> }): string;
  preparePayload(params: { args: Record<string, unknown>; model: string }): Record<string, unknown>;
}

const gapsOf = (row: (typeof clientTable)[number]) => row.gaps();
const kindsOf = (gap: SdkGap): readonly InferenceKind[] =>
  gap.kinds === "all" ? inferenceKinds.filter((kind) => getProvider(gap.provider)?.tasks.includes(providerTaskOf(kind))) : gap.kinds;

describe("the SDK gaps on the client rows", () => {
  it("data/client-gaps.json holds its schema, one entry per client of the table", () => {
    const parsed = ClientGapsSchema.safeParse(file);
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    for (const name of Object.keys(file as object)) expect(rowNamed(name), `${name} is a row of the client table`).toBeDefined();
    for (const row of clientTable) expect(gapsOf(row)).toEqual((file as Record<string, SdkGap[]>)[`${row.language}/${row.client}`] ?? []);
  });

  it("every gap names a provider of the table, kinds it serves and the client writes, and the SDK package and version it was read from", () => {
    let gaps = 0;
    for (const row of clientTable) {
      for (const gap of gapsOf(row)) {
        const label = `${row.language}/${row.client} ${gap.provider}`;
        const provider = getProvider(gap.provider);
        expect(provider, `${label}: a provider of data/providers.json`).toBeDefined();
        // A gap on every kind ("all") may cover kinds the client never writes; a gap that names kinds names written ones.
        if (gap.kinds !== "all")
          for (const kind of gap.kinds) {
            expect(servesTask(provider!, kind), `${label} serves ${kind}`).toBe(true);
            expect(row.kinds.has(kind), `${label}: ${row.client} writes ${kind}`).toBe(true);
          }
        expect(gap.package, label).toBe(sdkPackages[`${row.language}/${row.client}`]);
        expect(gap.version, label).toMatch(/^\d+\.\d+\.\d+$/);
        expect(gap.reason.length, label).toBeGreaterThan(0);
        gaps += 1;
      }
    }
    expect(gaps).toBeGreaterThan(10);
  });

  it("the @huggingface/inference gaps were read from the version installed here", () => {
    const version = installed("@huggingface/inference");
    const read = clientTable.flatMap(gapsOf).filter((gap) => gap.package === "@huggingface/inference");
    expect(read.length).toBeGreaterThan(0);
    for (const gap of read) expect(`${gap.provider}: ${gap.version}`).toBe(`${gap.provider}: ${version}`);
  });

  it("huggingface.js's text-generation gaps are exactly the providers whose SDK helper posts `inputs` to a chat route", () => {
    const row = rowNamed("js/huggingface.js")!;
    const listed = gapsOf(row)
      .filter((gap) => gap.effect === "no-snippet" && gap.adapter === undefined && kindsOf(gap).includes("text-generation"))
      .map((gap) => gap.provider);
    const broken = listProviders({ task: "text-generation" })
      .map((provider) => provider.id)
      .filter((id) => {
        const helper = (PROVIDERS as Record<string, Record<string, SdkHelper | undefined> | undefined>)[id]?.["text-generation"];
        if (!helper) return false;
        const payload = helper.preparePayload({ args: { inputs: "x" }, model: "m" });
        return helper.makeRoute({ model: "m", args: {} }).endsWith("/chat/completions") && !("messages" in payload);
      });
    expect(broken.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...broken].sort());
  });

  it("a client writes no snippet for a call its SDK has a no-snippet gap for", () => {
    let checked = 0;
    for (const row of clientTable) {
      for (const gap of gapsOf(row).filter((each) => each.effect === "no-snippet" && each.adapter === undefined)) {
        for (const kind of kindsOf(gap)) {
          const written = (provider: string) =>
            getInferenceSnippets(recordFor(kind), { provider, language: row.language, client: row.client }).filter((s) => s.client === row.client);
          expect(written(gap.provider), `${row.client} ${gap.provider} ${kind}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("huggingface_hub writes no call whose LoRA adapter its helper drops; huggingface.js does", () => {
    const lora = (provider: string, kind: InferenceKind) =>
      recordFor(kind, {
        inferenceProviderMapping: {
          [provider]: { providerId: `${provider}/base`, status: "live", task: kind, adapter: "lora", adapterWeightsPath: "lora.safetensors" },
        },
      });
    const adapterGaps = clientTable.flatMap((row) => gapsOf(row).map((gap) => ({ row, gap }))).filter(({ gap }) => gap.adapter === "lora");
    expect(adapterGaps.length).toBeGreaterThan(0);
    for (const { row, gap } of adapterGaps) {
      for (const kind of kindsOf(gap).filter((each) => row.kinds.has(each))) {
        const clients = getInferenceSnippets(lora(gap.provider, kind), { provider: gap.provider, language: row.language }).map((s) => s.client);
        expect(clients, `${gap.provider} ${kind}`).not.toContain(row.client);
        expect(clients.length, `${gap.provider} ${kind}: other clients still write it`).toBeGreaterThan(0);
      }
    }
  });

  it("huggingface.js holds Node open exactly where its SDK polls a job on timers that do not", () => {
    const row = rowNamed("js/huggingface.js")!;
    const holding = new Set(
      gapsOf(row)
        .filter((gap) => gap.effect === "keep-alive")
        .flatMap((gap) => kindsOf(gap).map((kind) => `${gap.provider} ${kind}`)),
    );
    const seen = { held: 0, free: 0 };
    for (const kind of inferenceKinds.filter((each) => row.kinds.has(each) && !each.startsWith("conversational"))) {
      for (const provider of ["fal-ai", "novita", "together", "wavespeed", "zai-org", "replicate"]) {
        if (!servesTask(getProvider(provider)!, kind)) continue;
        const [snippet] = getInferenceSnippets(recordFor(kind), { provider, language: "js", client: "huggingface.js" });
        if (!snippet) continue;
        expect(snippet.content.includes("setInterval("), `${provider} ${kind}`).toBe(holding.has(`${provider} ${kind}`));
        seen[holding.has(`${provider} ${kind}`) ? "held" : "free"] += 1;
      }
    }
    expect(seen.held).toBe(holding.size);
    expect(seen.free).toBeGreaterThan(0);
  });
});
