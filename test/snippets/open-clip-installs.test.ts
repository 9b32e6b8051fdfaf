import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLibrary } from "../../src/catalogue/libraries.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { transformersTextRepos } from "../../src/libraries/open-clip-installs.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";
import { librariesPython, packageIndex, venvHas } from "../helpers/python-venv.js";
import { skipNotice } from "../helpers/skip-notice.js";

/*
 * open_clip's install line against the package (issue 51, item 5): open_clip cannot be imported here (torchvision does
 * not load against this torch), so the wheel of the version data/libraries.json checked is read instead
 * (test/python/open_clip_text_towers.py): which model configs load their text side through transformers, and which
 * Hub repositories pretrained.py lists for them. Our table must be that list, and each of those repositories, or a
 * record tagged siglip, must get transformers in its install line; the others must not.
 */

const script = fileURLToPath(new URL("../python/open_clip_text_towers.py", import.meta.url));
const version = getLibrary("open_clip")?.checked?.version;

interface TextTowers {
  version: string;
  repos: Record<string, string>;
  configs: Record<string, string[]>;
}

function ready(): boolean {
  if (!venvHas(["pip", "tqdm", "huggingface_hub"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries"))
    return false;
  if (packageIndex() !== undefined) return true;
  const why = "no package index (PIP_INDEX_URL is unset and /opt/pypi/simple is missing)";
  if (process.env.CI === "true") throw new Error(`the open_clip install checks must run under CI=true: ${why}`);
  skipNotice(`${why}; open_clip's install line is not checked against its wheel.`);
  return false;
}

const installOf = (record: Record<string, unknown>): string | undefined =>
  getLibrarySnippets(ModelRecordSchema.parse({ library_name: "open_clip", pipeline_tag: "zero-shot-image-classification", ...record }))[0]?.install;
const needsTransformers = (install: string | undefined) => (install ?? "pip install -U open-clip-torch torch").split(" ").includes("transformers");

describe.skipIf(!ready())("open_clip: the install line names transformers where open_clip's loading imports it", () => {
  const wheels = mkdtempSync(join(tmpdir(), "hub-snippets-open-clip-"));
  let towers: TextTowers | undefined;
  afterAll(() => rmSync(wheels, { recursive: true, force: true }));

  beforeAll(() => {
    const pip = ["-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check", "-d", wheels, `open-clip-torch==${version}`];
    const download = spawnSync(librariesPython, pip, { encoding: "utf8", timeout: 120_000, env: { ...process.env, PIP_INDEX_URL: packageIndex() } });
    if (download.status !== 0) throw new Error(`pip download failed: ${download.stderr.slice(-1500)}`);
    const wheel = readdirSync(wheels).find((name) => name.startsWith("open_clip_torch-") && name.endsWith(".whl"));
    const read = spawnSync(librariesPython, [script, join(wheels, wheel ?? "missing.whl")], { encoding: "utf8", timeout: 60_000 });
    if (read.status !== 0) throw new Error(`reading the wheel failed: ${read.stderr.slice(-1500)}`);
    towers = JSON.parse(read.stdout) as TextTowers;
  }, 130_000);

  it("lists exactly the Hub repositories whose open_clip config names an HF tokenizer or text model", () => {
    expect(towers?.version).toBe(version);
    const theirs = Object.keys(towers!.repos).sort();
    console.log(
      `open_clip: ${theirs.length} repositories of ${Object.keys(towers!.configs).length} model configs, 0 deliberate differences from open-clip-torch ${towers!.version}`,
    );
    expect([...transformersTextRepos].sort()).toEqual(theirs);
  });

  it("reads the siglip tag as such a config: every SigLIP config of the package names an HF tokenizer", () => {
    const siglip = Object.entries(towers!.configs).filter(([name]) => name.toLowerCase().includes("siglip"));
    expect(siglip.length).toBeGreaterThan(10);
    expect(siglip.filter(([, keys]) => !keys.includes("hf_tokenizer_name")).map(([name]) => name)).toEqual([]);
  });

  it("installs transformers for those repositories and siglip-tagged records, and for no other", () => {
    for (const id of Object.keys(towers!.repos)) expect(needsTransformers(installOf({ id, tags: ["open_clip"] })), id).toBe(true);
    expect(needsTransformers(installOf({ id: "someone/my-siglip-finetune", tags: ["open_clip", "siglip"] }))).toBe(true);
    expect(needsTransformers(installOf({ id: "laion/CLIP-ViT-B-32-laion2B-s34B-b79K", tags: ["open_clip", "clip"] }))).toBe(false);
  });
});
