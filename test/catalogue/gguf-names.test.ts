import { parseGGUFQuantLabel } from "@huggingface/tasks";
import { describe, expect, it } from "vitest";
import { parseQuantLabel, quantTypeOfLabel } from "../../src/catalogue/quant.js";
import { isModelGguf, splitModelKey } from "../../src/model/gguf.js";
import { tagMatches } from "../../src/weights/gguf-choice.js";
import { generatedNames, realNames } from "../helpers/gguf-names.js";
import { tasksPackage } from "../helpers/oracle.js";

/*
 * Our quantization labels against @huggingface/tasks' parseGGUFQuantLabel (what the Hub's own snippets put in
 * `<id>:<label>`), over file names in the styles of the main publishers. A difference must fall under one of the
 * deliberate differences below, each with its reason; every one of them must still occur.
 */

interface Deliberate {
  what: string;
  /** Whether this (name, our label, the package's label) is the difference described. */
  covers: (name: string, ours: string | undefined, theirs: string | undefined) => boolean;
  reason: string;
}

const deliberate: Deliberate[] = [
  {
    what: "Q4_K_L and Q5_K_L are labelled (the package finds no label)",
    covers: (_name, ours, theirs) => /^Q[45]_K_L$/.test(ours ?? "") && theirs === undefined,
    reason:
      "bartowski's Q4_K_L and Q5_K_L files are Q4_K_M and Q5_K_M with the embeddings and output at Q8_0, like Q6_K_L and Q2_K_L, which the " +
      "package does label; its pattern lists only file types, and Q4_K/Q5_K are families (Q4_K_S, Q4_K_M), so these two files got no label " +
      "and a user could not pick them. `-hf <id>:Q4_K_L` names exactly that file.",
  },
  {
    what: "Q4_0_4_4, Q4_0_4_8 and Q4_0_8_8 stay whole (the package reads Q4_0)",
    covers: (_name, ours, theirs) => /^Q4_0_[48]_[48]$/.test(ours ?? "") && theirs === "Q4_0",
    reason:
      "llama.cpp's file types 33-35, ARM repacks of Q4_0 that bartowski publishes next to a plain Q4_0 file: read as Q4_0, four files would " +
      "share one label, and choosing the repack would print `<id>:Q4_0`, which llama.cpp resolves to the plain file (it wants the tag followed " +
      "by `.` or `-`); the package's alternation tries Q4_0 before the longer names.",
  },
  {
    what: "a label glued to the letters of another word is no label",
    covers: (name, ours, theirs) => ours === undefined && theirs !== undefined && new RegExp(`[a-z0-9]${theirs}|${theirs}[a-z0-9]`, "i").test(name),
    reason:
      "the package finds a type anywhere in the name; we want it between separators, so `modelQ4_K_Mx` or a word that holds the letters is not read as one.",
  },
];

/** Names that show the glued difference (no publisher writes a label so; the corpus needs the case). */
const gluedNames = ["modelQ4_K_M.gguf", "Q4_K_Mx.gguf"];

describe(`GGUF labels against ${tasksPackage}'s parseGGUFQuantLabel`, () => {
  const names = [...new Set([...realNames, ...generatedNames(), ...gluedNames])];

  it("agree on every name but the deliberate differences, each with its reason", () => {
    const used = new Map<Deliberate, string[]>();
    const unexplained: string[] = [];
    for (const name of names) {
      const ours = parseQuantLabel(name)?.label;
      const theirs = parseGGUFQuantLabel(name);
      if (ours === theirs) continue;
      const rule = deliberate.find((candidate) => candidate.covers(name, ours, theirs));
      if (rule) used.set(rule, [...(used.get(rule) ?? []), name]);
      else unexplained.push(`${name}: ours ${ours ?? "(none)"}, ${tasksPackage} ${theirs ?? "(none)"}`);
    }
    expect(unexplained).toEqual([]);
    for (const rule of deliberate) expect(used.get(rule)?.length ?? 0, `the corpus shows "${rule.what}"`).toBeGreaterThan(0);
    expect(names.length).toBeGreaterThanOrEqual(200);
    const differences = [...used.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(`gguf labels: ${names.length} file names, ${differences} deliberate differences from ${tasksPackage}`);
    for (const [rule, list] of used) console.log(`  ${list.length} × ${rule.what}: ${rule.reason}`);
  });

  it("keep the suffix and the UD- prefix as the file writes them, upper-cased, with the type they are built on", () => {
    const cases: [string, string, string, boolean][] = [
      ["Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf", "Q6_K_L", "Q6_K", true],
      ["Meta-Llama-3.1-8B-Instruct-Q2_K_L.gguf", "Q2_K_L", "Q2_K", true],
      ["Meta-Llama-3.1-8B-Instruct-Q4_K_L.gguf", "Q4_K_L", "Q4_K_M", true],
      ["Meta-Llama-3.1-8B-Instruct-Q5_K_L.gguf", "Q5_K_L", "Q5_K_M", true],
      ["UD-Q4_K_XL/m-UD-Q4_K_XL-00001-of-00002.gguf", "UD-Q4_K_XL", "Q4_K_XL", false],
      ["llama-2-7b-chat.Q4_K_M.gguf", "Q4_K_M", "Q4_K_M", false],
      ["qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf", "Q4_K_M", "Q4_K_M", false],
      ["gpt-oss-20b-mxfp4.gguf", "MXFP4", "MXFP4_MOE", false],
      ["gemma-3-4b-it-qat-Q4_0.gguf", "Q4_0", "Q4_0", false],
      ["m-TQ1_0.gguf", "TQ1_0", "TQ1_0", false],
    ];
    for (const [name, label, type, suffixed] of cases) {
      const found = parseQuantLabel(name);
      expect({ label: found?.label, type: found?.type.name, suffixed: found?.suffixed }, name).toEqual({ label, type, suffixed });
      expect(quantTypeOfLabel(label)?.name, label).toBe(type);
    }
  });

  it("leave vision projectors, importance matrices and MTP heads out of the models to run", () => {
    const auxiliary = names.filter((name) => /mmproj|imatrix|(^|\/)mtp/i.test(name));
    expect(auxiliary.length).toBeGreaterThan(10);
    expect(auxiliary.filter(isModelGguf)).toEqual([]);
    expect(names.filter((name) => name.endsWith(".gguf") && !auxiliary.includes(name)).every(isModelGguf)).toBe(true);
  });

  it("find each labelled model file again by its tag, as llama.cpp reads `-hf <id>:<label>`", () => {
    const labelled = names.filter(isModelGguf).flatMap((name) => {
      const label = parseQuantLabel(name)?.label;
      return label ? [{ name, label }] : [];
    });
    expect(labelled.length).toBeGreaterThan(250);
    expect(labelled.filter(({ name, label }) => !tagMatches(label, name))).toEqual([]);
  });

  it("group only the parts of one split file", () => {
    expect(splitModelKey("Q8_0/m-Q8_0-00002-of-00003.gguf")).toBe(splitModelKey("Q8_0/m-Q8_0-00001-of-00003.gguf"));
    expect(splitModelKey("Q8_0/m-Q8_0-00001-of-00003.gguf")).not.toBe(splitModelKey("m-Q8_0-00001-of-00003.gguf"));
    expect(splitModelKey("m-Q8_0-00001-of-00002.gguf")).not.toBe(splitModelKey("m-Q8_0-00001-of-00003.gguf"));
    expect(splitModelKey("m-Q6_K.gguf")).not.toBe(splitModelKey("m-Q6_K_L.gguf"));
    expect(splitModelKey("m-Q4_K_M.gguf")).toBe("m-Q4_K_M.gguf");
  });
});
