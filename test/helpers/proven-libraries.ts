/**
 * How each library's loading recipe is proven beyond reading, as data/libraries.json's `checked.proof` says:
 * the libraries whose snippets the suite runs on tiny models (library-execution*.test.ts,
 * transformers-js-execution.test.ts), and those whose calls it checks against the package's own source.
 */
export const executedLibraries: readonly string[] = ["bm25s", "keras", "peft", "sentence-transformers", "sklearn", "spacy", "transformers", "transformers.js"];

/** test/snippets/library-signatures.test.ts: their snippets' calls resolved in the package's wheel with ast (test/python/check_signatures.py). */
export const signatureCheckedLibraries: readonly string[] = ["open_clip", "timm"];
