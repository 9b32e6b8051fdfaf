import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { providerCorpus, snippetCorpus } from "../helpers/corpus.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { caseOf, jobFor, problemsOf, report, runtimeMissing } from "../helpers/raw-execution.js";
import type { PoolJob } from "../helpers/recorder-pool.js";
import { getAllLocalAppSnippets, getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Shell snippets decode base64 with `base64 --decode`, the one spelling GNU coreutils and every macOS base64 take:
 * `-d` is GNU's and macOS 13's, `-D` the only short form before macOS 13. No generated shell snippet uses a short
 * form, and the snippets that decode (fal's segmentation mask, answered inline as a data: URL; the images of OpenAI's
 * images routes, answered as base64 in JSON) run with GNU's base64 and with a stand-in for the old macOS one, which
 * refuses `-d`.
 */

const fixtures = (folder: string) => fileURLToPath(new URL(`../fixtures/${folder}/`, import.meta.url));
const libraryRecords = readdirSync(fixtures("libraries"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixtures("libraries"), file), "utf8"))));
const appRecords = Object.values(JSON.parse(readFileSync(join(fixtures("apps"), "models.json"), "utf8")) as Record<string, unknown>).map((record) =>
  ModelRecordSchema.parse(record),
);

const inference = [...snippetCorpus(), ...providerCorpus()];
const shellSnippets: Snippet[] = [
  ...inference.map((entry) => entry.snippet),
  ...libraryRecords.flatMap((model) => getLibrarySnippets(model)),
  ...appRecords.flatMap((model) => getAllLocalAppSnippets(model)),
].filter((snippet) => snippet.language === "sh");

/** A base64 command with a short option that decodes (`-d`, `-D`, or one in a group such as `-di`). */
const shortDecode = /\bbase64\b[^|;&\n]*\s-[A-Za-z]*[dD][A-Za-z]*\b/;
/** A base64 command that decodes, however spelled. */
const anyDecode = /\bbase64\b[^|;&\n]*\s(?:-[A-Za-z]*[dD][A-Za-z]*|--decode)\b/;
const decoding = inference.filter((entry) => entry.snippet.language === "sh" && anyDecode.test(entry.snippet.content));

const gnuBase64 = spawnSync("sh", ["-c", "command -v base64"], { encoding: "utf8" }).stdout.trim();
const shimDir = mkdtempSync(join(tmpdir(), "hub-snippets-base64-"));
// base64 as macOS spelled it before macOS 13: -D or --decode decodes, stdin to stdout; any other option is refused.
writeFileSync(
  join(shimDir, "base64"),
  `#!/bin/sh
decode=
for option; do
    case $option in
        -D | --decode) decode=1 ;;
        *) echo "base64: invalid option $option" >&2; exit 64 ;;
    esac
done
if [ -n "$decode" ]; then exec '${gnuBase64}' -d; else exec '${gnuBase64}'; fi
`,
);
chmodSync(join(shimDir, "base64"), 0o755);
afterAll(() => rmSync(shimDir, { recursive: true, force: true }));

describe("shell snippets decode base64 in the spelling GNU and macOS share", () => {
  it("covers inference, library and app shell snippets", () => {
    const kinds = { inference: inference.filter((entry) => entry.snippet.language === "sh").length, all: shellSnippets.length };
    expect(kinds.inference).toBeGreaterThan(200);
    expect(kinds.all).toBeGreaterThan(kinds.inference);
  });

  it("no shell snippet decodes with -d or -D", () => {
    expect(
      shellSnippets.filter((snippet) => shortDecode.test(snippet.content)).map((snippet) => `${snippet.client}: ${shortDecode.exec(snippet.content)?.[0]}`),
    ).toEqual([]);
  });

  it("the check finds the short forms", () => {
    for (const line of ["base64 -d > out", "base64 -D > out", "printf x | base64 -di", "base64 --ignore-garbage -d"])
      expect(shortDecode.test(line), line).toBe(true);
    for (const line of ["base64 --decode > out", "base64 < 'image.jpg' | tr -d '\\n'"]) expect(shortDecode.test(line), line).toBe(false);
  });

  it("the stand-in refuses -d and decodes with --decode, as the old macOS base64", () => {
    const run = (option: string) => spawnSync(join(shimDir, "base64"), [option], { input: "aGk=", encoding: "utf8" });
    expect(run("-d").status).not.toBe(0);
    expect(run("--decode").stdout).toBe("hi");
    expect(run("-D").stdout).toBe("hi");
  });

  describe.skipIf(runtimeMissing("curl"))("the decoding snippets run", () => {
    const cases = decoding.map(caseOf);
    const macos = (job: PoolJob): PoolJob => ({ ...job, env: { ...job.env, PATH: `${shimDir}:${process.env.PATH ?? ""}` } });
    const outcomes = runBeforeTests([
      ...cases.map((c) => ({ client: c.client, job: jobFor(c) })),
      ...cases.map((c) => ({ client: c.client, job: macos(jobFor(c)) })),
    ]);

    it("is fal's segmentation and the images routes that answer base64 (OpenAI's b64_json)", () => {
      expect(decoding.map((entry) => `${entry.kind} [${entry.optionSet}]`).sort()).toEqual([
        "image-segmentation [router:fal-ai]",
        "image-to-image [router:together]",
        "text-to-image [direct:nscale]",
        "text-to-image [router:deepinfra]",
        "text-to-image [router:nscale]",
        "text-to-image [router:together]",
      ]);
      expect(spawnSync(gnuBase64, ["--version"], { encoding: "utf8" }).stdout).toContain("GNU coreutils");
    });

    ["GNU coreutils' base64", "the old macOS base64's options"].forEach((base64, round) => {
      it(`with ${base64}: the media saved byte for byte`, () => {
        cases.forEach((c, index) => {
          const outcome = outcomes()[round * cases.length + index];
          const { problems } = problemsOf(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
        });
      });
    });
  });
});
