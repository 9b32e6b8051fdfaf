import { loadWith } from "./from-pretrained.js";
import { assign, python } from "./python-code.js";
import type { LibraryGenerator } from "./types.js";
// imports: transformers family
// imports: diffusers family
// imports: python loaders family
// imports: task libraries family

/**
 * Every library with a loading recipe, by its key (a model's `library_name`). The row is the registration:
 * the CLI, the library API and the tests read this table, and nothing else lists the libraries.
 */
export const libraryGenerators: Readonly<Record<string, LibraryGenerator>> = {
  "sentence-transformers": loadWith({
    module: "sentence_transformers",
    name: "SentenceTransformer",
    usage: () => python`${assign("sentences =", ["The weather is lovely today.", "It is sunny outside.", "He drove to the stadium."])}
embeddings = model.encode(sentences)
print(model.similarity(embeddings, embeddings))`,
  }),
  // rows: transformers family
  // rows: diffusers family
  // rows: python loaders family
  // rows: task libraries family
};
