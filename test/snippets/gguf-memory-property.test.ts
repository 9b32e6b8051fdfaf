import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { recordView } from "../../src/model/view.js";
import { labelRank, nearestQuant } from "../../src/catalogue/quant.js";
import { defaultQuant } from "../../src/weights/gguf-choice.js";
import { appKeys } from "../../src/catalogue/app-key-list.js";
import { ggufLoaderOf } from "../../src/apps/registry.js";
import { llamaCppPythonLoader, llamaServerLoader, type GgufLoader } from "../../src/weights/gguf-loaders.js";
import { ggufFiles } from "../../src/libraries/llama-cpp-python.js";
import { memoryNeeded } from "../../src/weights/memory-fit.js";
import { splitParts } from "../helpers/gguf-names.js";
import { chooseGgufQuant, getLocalAppSnippets, ggufQuantFiles } from "../helpers/record-twins.js";

/*
 * Over generated GGUF repositories (quantizations of one or two fine-tunes, some in folders, some split into parts,
 * labels repeated across folders and fine-tunes, with vision projectors and importance matrices beside them):
 * a quantization is exactly one file or the parts of one split file, and --memory runs the biggest that fits by
 * memory-fit.ts's rule (its files plus the margin for the context).
 */

const labels = [
  "Q2_K",
  "Q2_K_L",
  "Q3_K_M",
  "Q3_K_XL",
  "IQ4_XS",
  "Q4_0",
  "Q4_0_4_4",
  "Q4_K_M",
  "Q4_K_L",
  "Q5_K_M",
  "Q5_K_L",
  "Q6_K",
  "Q6_K_L",
  "Q8_0",
  "UD-Q4_K_XL",
  "UD-IQ1_S",
  "BF16",
  "f16",
  "MXFP4",
];

interface GeneratedQuant {
  folder: boolean;
  stem: string;
  label: string;
  /** One size per file: one file, or the parts of a split file. */
  sizes: number[];
}

const quantArbitrary: fc.Arbitrary<GeneratedQuant> = fc.record({
  folder: fc.boolean(),
  stem: fc.constantFrom("Model-8B", "Model-8B-abliterated"),
  label: fc.constantFrom(...labels),
  sizes: fc.oneof(
    fc.array(fc.integer({ min: 1e8, max: 4e10 }), { minLength: 1, maxLength: 1 }),
    fc.array(fc.integer({ min: 1e8, max: 2e10 }), { minLength: 2, maxLength: 4 }),
  ),
});

const repositoryArbitrary = fc.uniqueArray(quantArbitrary, {
  minLength: 1,
  maxLength: 12,
  selector: (quant) => `${quant.folder}/${quant.stem}/${quant.label}`,
});

const filesOf = (quant: GeneratedQuant): string[] => {
  const stem = `${quant.folder ? `${quant.label}/` : ""}${quant.stem}-${quant.label}`;
  return quant.sizes.length === 1 ? [`${stem}.gguf`] : splitParts(stem, quant.sizes.length);
};

const bytesOf = (quant: GeneratedQuant) => quant.sizes.reduce((sum, size) => sum + size, 0);

function recordOf(quants: readonly GeneratedQuant[], shuffle: number[]): ModelRecord {
  const siblings = quants.flatMap((quant) => filesOf(quant).map((rfilename, index) => ({ rfilename, size: quant.sizes[index] })));
  siblings.push({ rfilename: "mmproj-Model-8B-f16.gguf", size: 8e8 }, { rfilename: "imatrix_unsloth.gguf", size: 5e6 }, { rfilename: "README.md", size: 4000 });
  // The Hub lists files in path order; any order must do.
  const ordered = siblings.map((sibling, index) => ({ sibling, key: shuffle[index % shuffle.length] ?? 0 })).sort((a, b) => a.key - b.key);
  return ModelRecordSchema.parse({ id: "someone/Model-8B-GGUF", library_name: "gguf", tags: ["gguf"], siblings: ordered.map(({ sibling }) => sibling) });
}

const sorted = (files: readonly string[]) => [...files].sort();

describe("generated GGUF repositories", () => {
  it("a quantization is one file, or exactly the parts of one split file, with its label and their sizes added", () => {
    fc.assert(
      fc.property(repositoryArbitrary, fc.array(fc.nat(), { minLength: 1 }), (quants, shuffle) => {
        const found = ggufQuantFiles(recordOf(quants, shuffle));
        const expected = quants.map((quant) => ({ label: quant.label.toUpperCase(), files: sorted(filesOf(quant)), bytes: bytesOf(quant) }));
        const actual = found.map((quant) => ({ ...quant, files: sorted(quant.files) }));
        const key = (quant: { files: string[] }) => quant.files.join("|");
        expect([...actual].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
        expect(
          found.map((quant) => quant.bytes),
          "biggest first",
        ).toEqual([...found.map((quant) => quant.bytes)].sort((a, b) => (b ?? 0) - (a ?? 0)));
      }),
      { numRuns: 400 },
    );
  });

  it("--memory runs the biggest quantization whose files plus the margin fit, and exits 1 when none does", () => {
    fc.assert(
      fc.property(repositoryArbitrary, fc.array(fc.nat(), { minLength: 1 }), fc.integer({ min: 5e8, max: 1e11 }), (quants, shuffle, memory) => {
        const model = recordOf(quants, shuffle);
        const fitting = quants.filter((quant) => memoryNeeded(bytesOf(quant)) <= memory);
        const best = Math.max(...fitting.map(bytesOf));
        if (fitting.length === 0) {
          expect(() => chooseGgufQuant(model, { memory })).toThrow(UserError);
          return;
        }
        const choice = chooseGgufQuant(model, { memory });
        expect(choice.fit?.bytes).toBe(best);
        const chosen = quants.find((quant) => bytesOf(quant) === best && sorted(filesOf(quant))[0] === choice.firstFile);
        expect(chosen, `${choice.firstFile} is the first file of a quantization of ${best} bytes`).toBeDefined();
        expect(choice.chosen).toBe(chosen?.label.toUpperCase());
        expect(choice.parts).toBe(chosen?.sizes.length);
        expect(choice.file).toBe(chosen?.sizes.length === 1 ? filesOf(chosen)[0] : undefined);
        // The files `<id>:<label>` also finds, by llama.cpp's rule: the label then "." or "-", anywhere, any case.
        const label = chosen?.label.toUpperCase() ?? "";
        const alsoMatched = quants.filter(
          (quant) =>
            quant !== chosen &&
            sorted(filesOf(quant))[0]
              ?.toUpperCase()
              .match(new RegExp(`${label}[.-]`)),
        );
        expect(sorted(choice.alsoMatched)).toEqual(sorted(alsoMatched.map((quant) => sorted(filesOf(quant))[0] ?? "")));
        if (chosen)
          expect(alsoMatched.filter((quant) => quant.label === chosen.label).length, "every other file of the label").toBe(
            quants.filter((quant) => quant !== chosen && quant.label === chosen.label).length,
          );
        expect(choice.others).toEqual([...new Set(choice.others)]);
      }),
      { numRuns: 400 },
    );
  });
});

const rankOf = (quant: GeneratedQuant) => labelRank(quant.label) ?? Number.MAX_SAFE_INTEGER;

/** Whether a consumer of this row can load the generated quantization: one of a single file, or any for the others. */
const canLoad = (loader: GgufLoader, quant: GeneratedQuant) => loader.split !== "single-file" || quant.sizes.length === 1;
/** The library's rule and every app's: the rows that name a quantization, and the default of those that name none. */
const consumers: [string, GgufLoader][] = [["llama-cpp-python", llamaCppPythonLoader], ...appKeys.map((key): [string, GgufLoader] => [key, ggufLoaderOf(key)])];

describe("generated GGUF repositories, for the library and every app", () => {
  it("the quantization chosen is one the consumer loads: Q4_K_M, else the nearest smaller, else the smallest, of those", () => {
    fc.assert(
      fc.property(repositoryArbitrary, fc.array(fc.nat(), { minLength: 1 }), (quants, shuffle) => {
        const model = recordOf(quants, shuffle);
        for (const [consumer, loader] of consumers) {
          const choice = chooseGgufQuant(model, { loader });
          const loadable = quants.filter((quant) => canLoad(loader, quant));
          if (loadable.length === 0) {
            expect(choice.chosen, consumer).toBeUndefined();
            expect(choice.unloadable.length, consumer).toBeGreaterThan(0);
            continue;
          }
          const chosen = quants.find((quant) => sorted(filesOf(quant))[0] === choice.firstFile);
          expect(chosen && canLoad(loader, chosen), `${consumer} can load ${choice.firstFile}`).toBe(true);
          expect(choice.files, consumer).toEqual(sorted(chosen ? filesOf(chosen) : []));
          // Biggest first, as the record's quantizations are ordered: of two labels of one rank (Q2_K_L is built on Q2_K), the bigger is nearer.
          // Of two of one size, the record's order puts the bigger type first (ties by type): the smallest is the smaller type.
          const biggestFirst = [...loadable].sort((a, b) => bytesOf(b) - bytesOf(a) || rankOf(a) - rankOf(b));
          const labels = biggestFirst.map((quant) => quant.label.toUpperCase());
          const smallest = biggestFirst.at(-1)?.label.toUpperCase();
          const expected = labels.includes(defaultQuant) ? defaultQuant : (nearestQuant(defaultQuant, labels) ?? smallest);
          expect(choice.chosen, consumer).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("--memory runs, for each consumer, the biggest quantization it loads that fits, and none when none does", () => {
    fc.assert(
      fc.property(repositoryArbitrary, fc.array(fc.nat(), { minLength: 1 }), fc.integer({ min: 5e8, max: 1e11 }), (quants, shuffle, memory) => {
        const model = recordOf(quants, shuffle);
        for (const [consumer, loader] of consumers) {
          const loadable = quants.filter((quant) => canLoad(loader, quant));
          const fitting = loadable.filter((quant) => memoryNeeded(bytesOf(quant)) <= memory);
          if (loadable.length === 0) {
            expect(chooseGgufQuant(model, { memory, loader }).chosen, consumer).toBeUndefined();
            continue;
          }
          if (fitting.length === 0) {
            expect(() => chooseGgufQuant(model, { memory, loader }), consumer).toThrow(UserError);
            continue;
          }
          const choice = chooseGgufQuant(model, { memory, loader });
          expect(choice.fit?.bytes, consumer).toBe(Math.max(...fitting.map(bytesOf)));
          expect(choice.parts === 1 || loader.split !== "single-file", `${consumer} is given a single file`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the library code loads what llama.cpp runs (its first file, the other parts as additional_files); Ollama's command names a single file", () => {
    fc.assert(
      fc.property(repositoryArbitrary, fc.array(fc.nat(), { minLength: 1 }), (quants, shuffle) => {
        const model = recordOf(quants, shuffle);
        const llamaCpp = chooseGgufQuant(model, { loader: llamaServerLoader });
        const { filename, additional } = ggufFiles(recordView(model));
        expect([filename, ...additional]).toEqual(llamaCpp.files);
        const ollama = getLocalAppSnippets(model, "ollama")[0]?.content ?? "";
        const tag = /ollama run hf\.co\/someone\/Model-8B-GGUF:(\S+)/.exec(ollama)?.[1];
        const single = quants.filter((quant) => quant.sizes.length === 1).map((quant) => quant.label.toUpperCase());
        if (single.length === 0) expect(tag, ollama).toBeUndefined();
        else expect(single, ollama).toContain(tag);
      }),
      { numRuns: 200 },
    );
  });
});
