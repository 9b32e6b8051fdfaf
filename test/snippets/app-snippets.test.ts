import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { listApps } from "../../src/catalogue/apps.js";
import { LocalAppSchema } from "../../src/catalogue/schema.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { appRecipes } from "../../src/apps/registry.js";
import { runCli } from "../helpers/cli.js";
import { byKey, factDifferences, oracleApps, oracleAppsFor, probeModels, tasksPackage } from "../helpers/oracle.js";
import { bashSyntaxErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { withInstallLine } from "../../src/code/install-line.js";
import { appsForModel, chooseGgufQuant, getLocalAppSnippets } from "../helpers/record-twins.js";

const fixturesDir = fileURLToPath(new URL("../fixtures/apps/", import.meta.url));
const modelsFile = join(fixturesDir, "models.json");
const models = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(modelsFile, "utf8")) as Record<string, unknown>).map(([name, record]) => [name, ModelRecordSchema.parse(record)]),
) as Record<string, ModelRecord>;
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-apps-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the local apps (data/apps.json)", () => {
  it("matches its schema", () => {
    const result = z.array(LocalAppSchema).safeParse(JSON.parse(readFileSync(`${dataDir}apps.json`, "utf8")));
    expect(result.success ? undefined : `data/apps.json ${firstIssue(result.error)}`).toBeUndefined();
  });

  it(`holds every app of ${tasksPackage}, in its order, with its label, docs URL, main task, macOS-only flag and kind (deep link or snippet)`, () => {
    const ours = listApps().map(({ key, label, docsUrl, mainTask, macOSOnly, kind }) => ({ key, label, docsUrl, mainTask, macOSOnly, kind }));
    expect(factDifferences("local app", tasksPackage, byKey(oracleApps, "key"), "data/apps.json", byKey(ours, "key"))).toEqual([]);
    expect(
      listApps().map((app) => app.key),
      `data/apps.json lists the apps in ${tasksPackage}'s order`,
    ).toEqual(oracleApps.map((app) => app.key));
  });

  it(`runs each probe model in exactly the apps ${tasksPackage} shows on its page (displayOnModelPage)`, () => {
    const differences = Object.entries(probeModels).flatMap(([probe, record]) => {
      const expected = oracleAppsFor(record);
      const actual = appsForModel(ModelRecordSchema.parse(record)).map((app) => app.key);
      return [
        ...expected
          .filter((key) => !actual.includes(key))
          .map((key) => `local app '${key}' runs probe model '${probe}' in ${tasksPackage} but not in data/apps.json`),
        ...actual
          .filter((key) => !expected.includes(key))
          .map((key) => `local app '${key}' runs probe model '${probe}' in data/apps.json but not in ${tasksPackage}`),
      ];
    });
    expect(differences).toEqual([]);
    expect(Object.keys(probeModels)).toHaveLength(5);
  });
});

describe("the quantization an app runs", () => {
  it("is Q4_K_M when present, and lists the others biggest first", () => {
    expect(chooseGgufQuant(models.gguf as ModelRecord)).toMatchObject({
      chosen: "Q4_K_M",
      file: "Llama-3.2-1B-Instruct-Q4_K_M.gguf",
      others: ["Q8_0", "Q5_K_M", "IQ3_M"],
    });
  });

  it("is the nearest smaller one otherwise; split parts count once, vision projectors not at all", () => {
    expect(chooseGgufQuant(models["gguf-split-no-q4km"] as ModelRecord)).toMatchObject({
      chosen: "UD-Q3_K_XL",
      file: undefined,
      firstFile: "UD-Q3_K_XL/Qwen3-235B-A22B-UD-Q3_K_XL-00001-of-00003.gguf",
      parts: 3,
      others: ["Q8_0"],
    });
  });

  it("is the smallest there is when all are bigger, and none when no file has a label", () => {
    const only = (files: string[]) => ModelRecordSchema.parse({ id: "a/b", tags: ["gguf"], siblings: files.map((rfilename) => ({ rfilename })) });
    expect(chooseGgufQuant(only(["m-Q8_0.gguf", "m-F16.gguf"])).chosen).toBe("Q8_0");
    expect(chooseGgufQuant(only(["model.gguf"])).chosen).toBeUndefined();
  });
});

const cases = Object.keys(appRecipes).flatMap((app) =>
  Object.entries(models)
    .filter(([, model]) => appsForModel(model).some((candidate) => candidate.key === app))
    .map(([name, model]) => ({ app, name, model })),
);

describe("app snippets: expected output, bash -n and shellcheck", () => {
  it("every app of the catalogue has a recipe, and runs at least one of the fixture models", () => {
    expect(Object.keys(appRecipes).sort()).toEqual(
      listApps()
        .map((app) => app.key)
        .sort(),
    );
    expect(new Set(cases.map((c) => c.app))).toEqual(new Set(Object.keys(appRecipes)));
  });

  for (const { app, name, model } of cases) {
    it(`${app} on ${name}`, () => {
      const snippets = getLocalAppSnippets(model, app);
      expect(snippets.length).toBeGreaterThan(0);
      const printed = snippets.map((snippet) => `# ${snippet.language}/${snippet.client}\n${withInstallLine(snippet)}\n`).join("\n");
      const file = join(fixturesDir, `${app}-${name}.sh`);
      if (process.env.UPDATE_FIXTURES === "1") writeFileSync(file, printed);
      expect(existsSync(file), `${file} is missing (UPDATE_FIXTURES=1 writes it; then read it)`).toBe(true);
      expect(printed).toBe(readFileSync(file, "utf8"));
    });
  }

  it("no line ends in a space, so every line continuation (\\) is the line's last character", () => {
    const trailing = cases.flatMap(({ app, name, model }) =>
      getLocalAppSnippets(model, app).flatMap((snippet) =>
        snippet.content
          .split("\n")
          .filter((line) => /\s$/.test(line))
          .map((line) => `${app}/${name}: ${JSON.stringify(line)}`),
      ),
    );
    expect(trailing).toEqual([]);
  });

  it("every app snippet passes bash -n and shellcheck", () => {
    const files = cases.flatMap(({ app, name, model }) =>
      getLocalAppSnippets(model, app).map((snippet, index) => {
        const path = join(scratch, `${app}-${name}-${index}.sh`);
        writeFileSync(path, `${withInstallLine(snippet)}\n`);
        return path;
      }),
    );
    expect(bashSyntaxErrors(files)).toEqual([]);
    if (hasTool("shellcheck")) expect(shellcheckProblems(files)).toEqual([]);
  });
});

describe("hub-snippets snippet --app and apps list", () => {
  const gguf = (() => {
    const path = join(scratch, "gguf.json");
    writeFileSync(path, JSON.stringify((JSON.parse(readFileSync(modelsFile, "utf8")) as Record<string, unknown>).gguf));
    return path;
  })();

  it("prints the app's commands with the chosen quantization", () => {
    const { stdout, stderr, code } = runCli(["snippet", gguf, "--app", "ollama"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain("ollama run hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M");
  });

  it("exits 1 and names the apps that do run the model when the app does not", () => {
    const { stdout, stderr, code } = runCli(["snippet", gguf, "--app", "tgi"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^hub-snippets: TGI does not run .*; apps that do: llama\.cpp, .*ollama/);
  });

  it("exits 1 with the nearest keys for an unknown app", () => {
    const { stderr, code } = runCli(["snippet", gguf, "--app", "olama"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/unknown app 'olama'; did you mean ollama/);
  });

  it("opens a deep-link app with its URL", () => {
    const { stdout, code } = runCli(["snippet", gguf, "--app", "jan"]);
    expect(code).toBe(0);
    expect(stdout).toContain("open jan://models/huggingface/bartowski/Llama-3.2-1B-Instruct-GGUF");
  });

  it("lists the apps that run a model with --model, as JSON too", () => {
    const json = JSON.parse(runCli(["apps", "list", "--model", gguf, "--json"]).stdout) as { key: string; hasSnippets: boolean }[];
    expect(json.map((app) => app.key)).toEqual(appsForModel(models.gguf as ModelRecord).map((app) => app.key));
    expect(json.find((app) => app.key === "llama.cpp")?.hasSnippets).toBe(true);
    const { stdout, code } = runCli(["apps", "list"]);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split("\n")).toHaveLength(25);
  });
});
