import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { imageUri } from "../../src/deploy/sagemaker.js";
import type { SagemakerImage } from "../../src/deploy/schema.js";
import { sagemakerTable } from "../../src/deploy/tables.js";
import type { ModelRecord } from "../../src/model/record.js";
import { baseModel, embeddings } from "./records.js";

/*
 * SageMaker's Hugging Face images (data/deploy/sagemaker.json) against the SageMaker Python SDK's image URI
 * configuration, as test/fixtures/sagemaker-image-uris/ keeps it: the version keys of huggingface-llm.json and
 * huggingface-tei.json with each one's GPU tag, and the URIs the SDK's own image_uris.retrieve wrote from them, at the
 * commit each names. The table must name each file's newest GPU version, not merely one it has: an image two years
 * old still pulls, but cannot load the architectures released since. Taking a newer SDK is re-reading the fixtures
 * (their `source` says from where), then this test says what the table lacks.
 */

type SdkSource = { repository: string; path: string; commit: string; lastChangedIn?: string; readOn: string };
type SdkVersion = { repository: string; tagPrefix: string; pyVersions: string[]; gpuContainerVersion: string };
type SdkVersions = { source: SdkSource; processors: string[]; versions: Record<string, SdkVersion>; registries: Record<string, string> };
type SdkRetrieved = { source: SdkSource; frameworks: Record<string, { version: string; uris: Record<string, string> }> };

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/sagemaker-image-uris/${name}`, import.meta.url), "utf8")) as T;
const retrieved = fixture<SdkRetrieved>("retrieved.json");
const engines: { engine: SagemakerImage["engine"]; framework: string; record: ModelRecord }[] = [
  { engine: "tgi", framework: "huggingface-llm", record: baseModel },
  { engine: "tei", framework: "huggingface-tei", record: embeddings },
];
const cases = engines.map((row) => {
  const image = sagemakerTable().images.find((candidate) => candidate.engine === row.engine);
  if (image === undefined) throw new Error(`data/deploy/sagemaker.json has no ${row.engine} image`);
  return { ...row, image, sdk: fixture<SdkVersions>(`${row.framework}.versions.json`) };
});

/** Release versions in order (3.3.6 after 3.2.10); a part that is not a number sorts as 0. */
function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const newestOf = (sdk: SdkVersions): string => {
  const gpu = Object.keys(sdk.versions).filter((version) => sdk.versions[version]?.gpuContainerVersion !== undefined);
  const newest = gpu.sort(compareVersions).at(-1);
  if (newest === undefined) throw new Error(`${sdk.source.path} names no GPU version`);
  return newest;
};

/** The tag as the SDK's _format_tag joins it: tag prefix, processor, Python version, container version. */
const sdkUri = (sdk: SdkVersions, version: string, region: string): string => {
  const row = sdk.versions[version] as SdkVersion;
  const tag = [row.tagPrefix, "gpu", row.pyVersions[0], row.gpuContainerVersion].join("-");
  return `${sdk.registries[region]}.dkr.ecr.${region}.amazonaws.com/${row.repository}:${tag}`;
};

describe("SageMaker's Hugging Face images", () => {
  it("orders versions as releases, not as text", () => {
    expect(["3.3.6", "3.10.0", "2.4.0", "3.2.10"].sort(compareVersions)).toEqual(["2.4.0", "3.2.10", "3.3.6", "3.10.0"]);
  });

  it.each(cases)("the $engine image is the newest GPU version the SDK names in $framework", ({ image, sdk, framework }) => {
    const at = `${sdk.source.path} at ${sdk.source.commit}`;
    expect(sdk.processors, `${at} serves no GPU`).toContain("gpu");
    const newest = newestOf(sdk);
    const named = Object.keys(sdk.versions).find((version) => sdk.versions[version]?.tagPrefix === image.tagPrefix);
    expect(named, `data/deploy/sagemaker.json's ${image.label} tag ${image.tagPrefix} is no version of ${at}`).toBeDefined();
    expect(named, `data/deploy/sagemaker.json names ${image.label} ${named}, older than ${newest}, the newest of ${at}`).toBe(newest);
    const row = sdk.versions[newest] as SdkVersion;
    expect(row.pyVersions, `${framework} ${newest} names more than one Python version: the table keeps one`).toHaveLength(1);
    expect({ repository: image.repository, tagPrefix: image.tagPrefix, pyVersion: image.pyVersion, containerVersion: image.containerVersion }).toEqual({
      repository: row.repository,
      tagPrefix: row.tagPrefix,
      pyVersion: row.pyVersions[0],
      containerVersion: row.gpuContainerVersion,
    });
    // The SDK's own retrieve chose the same version as its newest.
    expect(retrieved.frameworks[framework]?.version).toBe(newest);
  });

  it.each(cases)("the table names the file and commit its $engine image was read at", ({ sdk }) => {
    const { read } = sagemakerTable().source;
    expect(read).toContain(sdk.source.commit);
    expect(read).toContain(sdk.source.path.split("/").at(-1));
    if (sdk.source.lastChangedIn !== undefined) expect(read).toContain(sdk.source.lastChangedIn);
    expect(retrieved.source.commit).toBe(sdk.source.commit);
  });

  it.each(cases)("the $engine image has the SDK's registry in each region", ({ image, sdk }) => {
    for (const [region, account] of Object.entries(image.registries)) expect(account, region).toBe(sdk.registries[region]);
  });

  it.each(cases)("the $engine image URI the code writes is the SDK's for that version and region", ({ image, sdk, framework, record }) => {
    const uris = retrieved.frameworks[framework]?.uris ?? {};
    for (const [region, account] of Object.entries(image.registries)) {
      const expected = sdkUri(sdk, newestOf(sdk), region);
      expect(uris[region], `${region}: retrieved.json has no URI the SDK wrote for it`).toBe(expected);
      expect(imageUri(image, region, account), region).toBe(expected);
      const boto3 = getDeploySnippets(record, { target: "sagemaker", client: "boto3", region }).snippets[0]?.content ?? "";
      expect(boto3, region).toContain(`"${expected}"`);
    }
  });
});
