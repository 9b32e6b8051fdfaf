import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getLibrary } from "../../src/catalogue/libraries.js";
import { LibrarySchema } from "../../src/catalogue/schema.js";
import { clientTable } from "../../src/inference/clients.js";
import { installCommand } from "../../src/code/install.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { installedNames, pypiName } from "../helpers/package-names.js";
import { everySnippet } from "../helpers/every-snippet.js";

/*
 * Every install line names packages that exist, and are the ones meant. test/fixtures/install/package-names.json is
 * the checked copy: each name printed, with the version and summary line the complete lists of PyPI's and npm's
 * names showed, and why it is the package meant. Every printed name must be in it. The copy itself is compared with
 * those lists by scripts/check-package-names.mjs, which a maintainer runs when adding a name (a test reads only what
 * the repository holds).
 */

interface NameEntry {
  version: string;
  summary: string;
  why: string;
}
const checked = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/install/package-names.json", import.meta.url)), "utf8")) as {
  pip: Record<string, NameEntry>;
  npm: Record<string, NameEntry>;
};

/** Names of a line that the checked copy does not hold. */
function uncheckedNames(line: string): string[] {
  const { pip, npm } = installedNames(line);
  const pipChecked = new Set(Object.keys(checked.pip).map(pypiName));
  return [...pip.filter((name) => !pipChecked.has(pypiName(name))), ...npm.filter((name) => !Object.hasOwn(checked.npm, name))];
}

/** Clients whose snippets need nothing installed, and why. */
const clientsWithoutInstall: Record<string, string> = {
  fetch: "fetch is built into Node.js 18 and later",
  curl: "curl comes with the system",
};

describe("install lines", () => {
  const snippets = everySnippet();
  const lines = [...new Set(snippets.flatMap((snippet) => (snippet.install ? [snippet.install] : [])))];

  it("name only packages of the checked copy", () => {
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.flatMap((line) => uncheckedNames(line).map((name) => `${name} (in: ${line})`))).toEqual([]);
  });

  it("catch a misspelled or look-alike name", () => {
    expect(uncheckedNames("pip install -U open-clip-troch torch")).toEqual(["open-clip-troch"]);
    expect(uncheckedNames('pip install -U sklearn "nemo[asr]"')).toEqual(["sklearn", "nemo"]);
    expect(uncheckedNames("npm install @huggingface/inferense")).toEqual(["@huggingface/inferense"]);
    expect(uncheckedNames("pip install torch==2.0.1 open-clip-troch>=1.0")).toEqual(["open-clip-troch"]);
    expect(uncheckedNames('pip install -U "nemo-toolkit[asr]" && npm install @huggingface/transformers')).toEqual([]);
  });

  it("never name the look-alikes on the index that are not the libraries meant", () => {
    // sklearn: a deprecated stub that refuses to install; nemo: a lab-scheduling application (NVIDIA's is nemo-toolkit);
    // the others: unrelated or placeholder uploads under a library's name (see the research notes in the copy's whys).
    const lookAlikes = ["sklearn", "nemo", "voicecraft", "yolov10", "sana", "vui", "zonos", "vibevoice", "uniworld", "perception-model"];
    const printed = new Set(lines.flatMap((line) => installedNames(line).pip.map(pypiName)));
    expect(lookAlikes.filter((name) => printed.has(name))).toEqual([]);
  });

  it("quote a name with extras, and use the index's names for the SDKs", () => {
    expect(installCommand("pip", ["sglang[all]", "torch"])).toBe('pip install -U "sglang[all]" torch');
    const byClient = Object.fromEntries(
      snippets
        .filter((snippet) => snippet.install && clientTable.some((row) => row.client === snippet.client))
        .map((snippet) => [`${snippet.language}/${snippet.client}`, snippet.install]),
    );
    expect(byClient).toMatchObject({
      "js/huggingface.js": "npm install @huggingface/inference",
      "js/openai": "npm install openai",
      "python/requests": "pip install -U requests",
      "python/openai": "pip install -U openai",
    });
    expect(snippets.find((snippet) => snippet.client === "huggingface_hub" && snippet.install?.includes("pillow"))?.install).toBe(
      "pip install -U huggingface-hub pillow",
    );
  });

  it("exist for every library with a recipe, in its registry row", () => {
    const without = libraryKeysWithRecipes().filter((key) => {
      const install = getLibrary(key)?.install;
      return !install || (!install.pip?.length && !install.npm?.length && !install.command);
    });
    expect(without).toEqual([]);
    for (const key of libraryKeysWithRecipes()) expect(() => LibrarySchema.parse(getLibrary(key))).not.toThrow();
  });

  it("exist for every inference client, but those listed as needing none", () => {
    for (const row of clientTable) {
      const written = snippets.filter((snippet) => snippet.language === row.language && snippet.client === row.client);
      if (written.length === 0) continue;
      if (Object.hasOwn(clientsWithoutInstall, row.client))
        expect(
          written.every((snippet) => snippet.install === undefined),
          row.client,
        ).toBe(true);
      else
        expect(
          written.every((snippet) => snippet.install !== undefined),
          `${row.language}/${row.client}`,
        ).toBe(true);
    }
  });
});
