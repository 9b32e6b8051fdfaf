/** The library that loads a repository of GGUF files in Python: llama-cpp-python runs a file as it was published. */
export const ggufLoader = "llama-cpp-python";

/**
 * Libraries a card names on repositories that hold only GGUF weights (unsloth's and GGUF-my-repo's say transformers),
 * whose loading code cannot load such a repository as it stands. transformers refuses it ("Unrecognized model ...
 * should have a model_type key in its config.json"): it reads a GGUF only when given `gguf_file=`, then only for the
 * architectures it maps, and dequantizes every weight to full precision (an 8B model's 5 GB Q4_K_M file becomes 16 GB
 * or more of memory). llama-cpp-python runs the quantized file as published, as the local apps do, so it is the one
 * loading snippet of such a repository. Libraries that load GGUF files of their own kind (diffusers' single-file
 * GGUF checkpoints) are not listed: llama.cpp does not run those.
 */
const cardLibrariesOverruledByGguf: ReadonlySet<string> = new Set(["transformers"]);

/**
 * The library whose loading code a record gets, decided from its files where its card cannot be right: llama-cpp-python
 * for a repository of GGUF files (the Hub's `gguf`, which is a file format; a GGUF repository that names no library;
 * one whose weights are only GGUF files although its card names transformers); else its `library_name`.
 */
export function libraryKeyFrom(named: string | undefined, ggufRepository: () => boolean, onlyGgufWeights: () => boolean): string | undefined {
  if (named === "gguf" || (named === undefined && ggufRepository())) return ggufLoader;
  if (named !== undefined && cardLibrariesOverruledByGguf.has(named) && onlyGgufWeights()) return ggufLoader;
  return named;
}
