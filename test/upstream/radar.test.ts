import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../helpers/async-process.js";
import { skipNotice } from "../helpers/skip-notice.js";

/*
 * `npm run upstream`, run as a maintainer runs it (node scripts/upstream/run.mjs). The releases it compares come
 * from the npm registry into its cache (the OS temp dir's hub-snippets-upstream), so a second run is fast; the pinned
 * releases are read from node_modules, so the pinned-to-pinned run needs no network.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const pins = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies;
const [tasksPin, inferencePin] = [pins["@huggingface/tasks"] ?? "", pins["@huggingface/inference"] ?? ""];
const radar = (args: string[], env: Record<string, string> = {}) =>
  runProcess(process.execPath, [join(root, "scripts/upstream/run.mjs"), ...args], { cwd: root, env, timeoutMs: 180_000 });

/** Whether `npm view` answers from the registry here (a machine without network skips the registry's tests). */
function registryAnswers(): boolean {
  const answer = spawnSync("npm", ["view", "@huggingface/tasks@0.21.35", "version"], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, npm_config_fetch_retries: "0" },
  });
  return answer.status === 0 && answer.stdout.trim() === "0.21.35";
}
const online = registryAnswers();
if (!online) {
  if (process.env["CI"] === "true")
    throw new Error("the npm registry does not answer `npm view @huggingface/tasks@0.21.35 version`: the radar's registry tests cannot run");
  skipNotice("test/upstream/radar.test.ts: the npm registry does not answer, so the radar's runs on fetched releases did not run");
}

const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-radar-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm run upstream, offline", () => {
  it("reports nothing and exits 0 from the pinned versions to themselves", async () => {
    const result = await radar(["--tasks", tasksPin, "--inference", inferencePin]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("No fact of the tables we hold to upstream differs between these releases.");
    expect(result.stdout).toContain(`@huggingface/tasks ${tasksPin} → ${tasksPin}, @huggingface/inference ${inferencePin} → ${inferencePin}`);
    expect(result.code).toBe(0);
  });

  it("finds no snippet text drift from the pinned release to itself", async () => {
    const result = await radar(["--tasks", tasksPin, "--inference", inferencePin, "--snippets"]);
    expect(result.stdout).toContain("No generator of a library, an app or an inference snippet writes other text for a record of our corpus.");
    expect(result.code).toBe(0);
  });

  it("says the same as JSON with --json", async () => {
    const result = await radar(["--tasks", `${tasksPin}..${tasksPin}`, "--inference", inferencePin, "--json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({ changes: [], needsAttention: 0 });
    expect(result.code).toBe(0);
  });

  it.each([
    [["--tasks", "latest"], "upstream: --tasks: 'latest' is not a version (write 0.21.54, or A..B for a range)"],
    [["--inference", "1..2..3"], "upstream: --inference: '1..2..3' is not a range"],
    [["--tasks"], "upstream: --tasks needs a version or a range A..B"],
    [["--markdown"], "upstream: unknown argument '--markdown'"],
  ])("refuses %j with exit 2 and one clear message", async (args, message) => {
    const result = await radar(args);
    expect(result.stderr.startsWith(message), result.stderr).toBe(true);
    expect(result.stdout).toBe("");
    expect(result.code).toBe(2);
  });

  it("exits 2 with a clear message when the cache folder cannot be made", async () => {
    const file = join(scratch, "not-a-folder");
    writeFileSync(file, "");
    const result = await radar(["--tasks", "0.21.53", "--inference", inferencePin], { HUB_SNIPPETS_UPSTREAM_CACHE: file });
    expect(result.stderr).toMatch(/^upstream: cannot make the cache folder .*not-a-folder\/tarballs \(HUB_SNIPPETS_UPSTREAM_CACHE\): ENOTDIR/);
    expect(result.code).toBe(2);
  });

  it("exits 2 naming the release when the registry cannot be reached", async () => {
    const env = {
      HUB_SNIPPETS_UPSTREAM_CACHE: join(scratch, "radar-cache"),
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_fetch_retries: "0",
      npm_config_cache: join(scratch, "npm-cache"),
    };
    const result = await radar(["--tasks", "0.21.53", "--inference", inferencePin], env);
    expect(result.stderr).toMatch(/^upstream: @huggingface\/tasks@0\.21\.53 cannot be fetched from the npm registry: .*ECONNREFUSED/);
    expect(result.stdout).toBe("");
    expect(result.code).toBe(2);
  });
});

/** What 0.21.35 → 0.21.54 and 4.13.28 → 4.13.30 changed in the tables we hold, each followed by ours (true), or watched only. */
const expectedChanges: [string, boolean | "watched"][] = [
  ["library `aneforge` was added, with a snippet function", true],
  ["library `causilo` was added, without a snippet function", true],
  ["library `cortiq` was added, with a snippet function", true],
  ["library `flexray` was added, with a snippet function", true],
  ["library `gaussianformer` was added, with a snippet function", true],
  ["library `gliformer` was added, without a snippet function", true],
  ["library `mect` was added, without a snippet function", true],
  ["library `jev-style` was added, with a snippet function", true],
  ["library `zeromodels` was added, with a snippet function", true],
  ["library `laya` was added, without a snippet function", true],
  ["library `memra` was added, with a snippet function", true],
  ["library `microduck` was added, without a snippet function", true],
  ["library `montreal-forced-aligner` was added, without a snippet function", true],
  ["library `opendde` was added, with a snippet function", true],
  ["library `piper` was added, without a snippet function", true],
  ["library `routee-powertrain` was added, with a snippet function", true],
  ["library `shadow` was added, without a snippet function", true],
  ["library `vqweb` was added, without a snippet function", true],
  ["library `kerasformers` was removed", true],
  ["library `ltx` prettyLabel changed from `LTX.io` to `LTX-2`", true],
  [
    'library `timesfm` countDownloads changed from `path:"checkpoints/checkpoint_1100000/state/checkpoint" OR path:"checkpoints/checkpoint_2150000/state/checkpoint" OR path_extension:"ckpt"` to `path:"config.json" OR path:"torch_model.ckpt" OR path:"checkpoints/checkpoint_1100000/state/checkpoint" OR path:"checkpoints/checkpoint_2150000/state/checkpoint"`',
    true,
  ],
  ["local app `sanctum` was removed", true],
  ["local app `unsloth` label changed from `Unsloth Studio` to `Unsloth Desktop`", true],
  ["local app `unsloth` docsUrl changed from `https://unsloth.ai/docs/new/studio` to `https://unsloth.ai/docs`", true],
  ["local app `unsloth` became a deep link", true],
  ["local app `pi` docsUrl changed from `https://github.com/badlogic/pi-mono` to `https://github.com/earendil-works/pi`", true],
  ["dataset library `harbor` was added", true],
  ["dataset library `verifiers` was added", true],
  ["dataset library `openenv` was added", true],
  ["dataset library `nemo-gym` was added", true],
  ["hardware `GPU AMD RX 5600 XT` was added", "watched"],
  ["hardware `Apple Silicon - Apple M5 Ultra` was added", "watched"],
  ["provider `deepinfra` now serves `text-to-image`", true],
  ["provider `novita` now serves `image-text-to-video`", true],
  ["provider route `deepinfra text-to-image` was added", true],
  ["the chat snippet no longer requires the `conversational` tag", true],
];

interface JsonReport {
  releases: { name: string; from: string; to: string }[];
  changes: { sentence: string; followed?: boolean; because?: string; status: "followed" | "attention" | "watched" }[];
  drift?: { kind: string; key: string; record: string; before?: string; after?: string; ours?: string }[];
  needsAttention: number;
}

describe.runIf(online || process.env["CI"] === "true")("npm run upstream, on releases fetched from the npm registry", () => {
  it("lists what 0.21.35..0.21.54 and 4.13.28..4.13.30 changed, each followed by our tables, and exits 0", async () => {
    const result = await radar(["--tasks", "0.21.35..0.21.54", "--inference", "4.13.28..4.13.30", "--json"]);
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.releases).toEqual([
      { name: "@huggingface/tasks", from: "0.21.35", to: "0.21.54" },
      { name: "@huggingface/inference", from: "4.13.28", to: "4.13.30" },
    ]);
    expect(report.changes.map((change) => [change.sentence, change.followed ?? "watched"])).toEqual(expectedChanges);
    expect(report.changes.map((change) => change.status)).toEqual(expectedChanges.map(([, followed]) => (followed === true ? "followed" : followed)));
    expect(report.needsAttention).toBe(0);
    expect(result.code).toBe(0);
  });

  it("writes the same facts as Markdown, a ticked box per fact our tables follow", async () => {
    const result = await radar(["--tasks", "0.21.35..0.21.54", "--inference", "4.13.28..4.13.30"]);
    expect(result.stdout).toContain("36 facts changed: 34 followed by our tables, 0 need attention, 2 in tables we only watch.");
    expect(result.stdout).toContain("- [x] local app `unsloth` became a deep link\n");
    expect(result.stdout).toContain("- hardware `GPU AMD RX 5600 XT` was added\n");
    expect(result.code).toBe(0);
  });

  it("exits 1 and says where our tables lag when a change is not followed (the releases taken backwards)", async () => {
    const result = await radar(["--tasks", "0.21.54..0.21.35", "--inference", "4.13.30..4.13.28"]);
    expect(result.stdout).toContain(
      "- [ ] library `kerasformers` was added, without a snippet function (not followed: missing from data/libraries.json, src/libraries/registry.ts)\n",
    );
    expect(result.stdout).toContain("- [ ] local app `sanctum` was added (not followed: missing from data/apps.json)\n");
    expect(result.stdout).toContain("- [ ] provider `deepinfra` no longer serves `text-to-image` (not followed: data/providers.json has tasks");
    expect(result.code).toBe(1);
  });

  it("with --snippets, shows where upstream's generators write other text for our records, beside ours, for review only", async () => {
    const result = await radar(["--tasks", "0.21.35..0.21.54", "--inference", "4.13.28..4.13.30", "--snippets", "--json"]);
    const report = JSON.parse(result.stdout) as JsonReport;
    const drift = report.drift ?? [];
    const unsloth = drift.find((entry) => entry.key === "unsloth" && entry.record === "hub-records/qwen3-4b-instruct-2507-unsloth-gguf");
    expect(unsloth?.before).toContain("unsloth studio");
    expect(unsloth?.after).toBe("unsloth://open_from_hf?model=unsloth%2FQwen3-4B-Instruct-2507-GGUF");
    expect(unsloth?.ours).toContain("unsloth://");
    const aneforge = drift.find((entry) => entry.key === "aneforge" && entry.record === "libraries/aneforge");
    expect(aneforge?.before).toBeUndefined();
    expect(aneforge?.after).toContain("SentenceTransformer");
    expect(aneforge?.ours).toContain('SentenceTransformer("aneforge/all-MiniLM-L6-v2")');
    // The chat snippet without the conversational tag: 4.13.28 sent the prompt as `messages` text, 4.13.30 a chat message, as we do.
    const chat = drift.find((entry) => entry.kind === "inference" && entry.key === "together" && entry.record === "hub-records/deepseek-v3.2-chat-without-tag");
    expect(chat?.before).not.toContain('"role": "user"');
    expect(chat?.after).toContain('"role": "user"');
    expect(chat?.ours).toContain('"role": "user"');
    // A generator that is the same in both releases (transformers on its records here) shows no drift.
    expect(drift.filter((entry) => entry.key === "transformers")).toEqual([]);
    expect(result.code).toBe(0);
  });

  it("reads releases older than some of the tables (4.0.0 has no PROVIDERS_HUB_ORGS), with upstream's logging kept off its output", async () => {
    const result = await radar(["--tasks", "0.19.11..0.21.54", "--inference", "4.0.0..4.13.30", "--snippets"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("- [x] provider `deepinfra` was added\n");
    expect(result.code).toBe(0);
  });

  it("exits 2 with npm's reason for a version that does not exist", async () => {
    const result = await radar(["--tasks", "0.21.35..0.21.999", "--inference", inferencePin]);
    expect(result.stderr).toBe(
      "upstream: @huggingface/tasks@0.21.999 cannot be fetched from the npm registry: No matching version found for @huggingface/tasks@0.21.999.\n",
    );
    expect(result.stdout).toBe("");
    expect(result.code).toBe(2);
  });
});
