import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { signatureCheckedLibraries } from "../helpers/proven-libraries.js";
import { librariesPython, packageIndex, venvHas } from "../helpers/python-venv.js";
import { skipNotice } from "../helpers/skip-notice.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * The "signature" proof of issue 34: timm and OpenCLIP install from the machine's package index but cannot be
 * imported here (torchvision does not load against this torch), so their snippets are checked against the packages'
 * own source instead. Each package's wheel is downloaded once per run (pip download --no-deps, into a temporary
 * folder) and test/python/check_signatures.py reads it with ast, without importing it: every call the generated
 * snippet makes on the package must resolve, through the package's re-exports, to a def that takes the arguments
 * it is given, each keyword by its own parameter name. Without .venv-libraries or a package index, the checks skip
 * with a notice; under CI=true they must run.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const checker = fileURLToPath(new URL("../python/check_signatures.py", import.meta.url));

interface SignatureCheck {
  /** The library key, as signatureCheckedLibraries and data/libraries.json name it. */
  library: string;
  /** The fixture record whose generated snippet is checked. */
  fixture: string;
  /** The PyPI package and its import name. */
  pip: string;
  root: string;
  /** Calls the snippet makes on objects the package returns, as pkg.module.Class.method(args). */
  methods: string[];
  /** The calls the check must find and accept, as it prints them. */
  expected: string[];
  /** An edit that gives the snippet a wrong argument or name, which the check must reject. */
  broken: [from: string, to: string, failure: string];
}

const checks: SignatureCheck[] = [
  {
    library: "timm",
    fixture: "timm",
    pip: "timm",
    root: "timm",
    methods: [],
    expected: ["timm.create_model(_, pretrained)", "timm.data.resolve_model_data_config(_)"],
    broken: ["pretrained=True", "pretrained_weights=True", "no parameter named pretrained_weights"],
  },
  {
    library: "open_clip",
    fixture: "open_clip",
    pip: "open-clip-torch",
    root: "open_clip",
    // create_model_and_transforms returns a CLIP, or a CustomTextCLIP for models with a Hugging Face text tower.
    methods: ["open_clip.model.CLIP.encode_text(text)", "open_clip.model.CustomTextCLIP.encode_text(text)"],
    expected: [
      "open_clip.create_model_and_transforms(_)",
      "open_clip.get_tokenizer(_)",
      "open_clip.model.CLIP.encode_text(_)",
      "open_clip.model.CustomTextCLIP.encode_text(_)",
    ],
    broken: ["open_clip.get_tokenizer(", "open_clip.get_tokeniser(", "get_tokeniser is not defined in open_clip"],
  },
];

function ready(): boolean {
  if (!venvHas(["pip"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries")) return false;
  if (packageIndex() !== undefined) return true;
  const why = "no package index (PIP_INDEX_URL is unset and /opt/pypi/simple is missing)";
  if (process.env.CI === "true") throw new Error(`the signature checks must run under CI=true: ${why}`);
  skipNotice(`${why}; the signature checks of ${checks.map((check) => check.library).join(", ")} are not run.`);
  return false;
}

const run = (args: string[]) => spawnSync(librariesPython, [checker, ...args], { encoding: "utf8", timeout: 60_000 });

describe.skipIf(!ready())("library snippets checked against their package's source (signature proof)", () => {
  const wheels = mkdtempSync(join(tmpdir(), "hub-snippets-wheels-"));
  afterAll(() => rmSync(wheels, { recursive: true, force: true }));

  beforeAll(() => {
    const download = spawnSync(
      librariesPython,
      ["-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check", "-d", wheels, ...checks.map((check) => check.pip)],
      { encoding: "utf8", timeout: 120_000, env: { ...process.env, PIP_INDEX_URL: packageIndex() } },
    );
    if (download.status !== 0) throw new Error(`pip download failed: ${download.stderr.slice(-1500)}`);
  }, 130_000);

  /** The downloaded wheel of a package (its file name spells the distribution with underscores). */
  const wheelOf = (pip: string): string => {
    const prefix = `${pip.replace(/-/g, "_")}-`;
    const file = readdirSync(wheels).find((name) => name.startsWith(prefix) && name.endsWith(".whl"));
    if (file === undefined) throw new Error(`no wheel of ${pip} in ${readdirSync(wheels).join(", ")}`);
    return join(wheels, file);
  };

  /** The fixture's generated snippet, written to a file. */
  const snippetFile = (check: SignatureCheck, edit?: [string, string]): string => {
    const model = ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${check.fixture}.json`), "utf8")));
    const python = getLibrarySnippets(model).filter((snippet) => snippet.language === "python");
    expect(python).toHaveLength(1);
    const content = python[0]!.content;
    if (edit) expect(content).toContain(edit[0]);
    const file = join(wheels, `${check.fixture}${edit ? "-broken" : ""}.py`);
    writeFileSync(file, edit ? content.replace(edit[0], edit[1]) : content);
    return file;
  };

  const argsOf = (check: SignatureCheck, snippet: string) => [
    "--wheel",
    wheelOf(check.pip),
    "--root",
    check.root,
    "--snippet",
    snippet,
    ...check.methods.flatMap((method) => ["--call", method]),
  ];

  it("checks exactly the libraries whose record claims the signature proof", () => {
    expect(checks.map((check) => check.library).sort()).toEqual([...signatureCheckedLibraries].sort());
  });

  for (const check of checks) {
    it(`${check.library}: every call of the snippet exists in ${check.pip}'s source with the arguments it passes`, () => {
      const result = run(argsOf(check, snippetFile(check)));
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      const lines = result.stdout.trim().split("\n");
      expect(lines.filter((line) => !line.startsWith("ok   "))).toEqual([]);
      expect(lines.map((line) => line.slice("ok   ".length).split(" -> ")[0])).toEqual(check.expected);
    });

    it(`${check.library}: a wrong name in the snippet fails the check`, () => {
      const [from, to, failure] = check.broken;
      const result = run(argsOf(check, snippetFile(check, [from, to])));
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(/^FAIL /m);
      expect(result.stdout).toContain(failure);
    });
  }
});
