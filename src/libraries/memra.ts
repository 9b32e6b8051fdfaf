import type { RecordView } from "../model/view.js";
import { shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * memra is a Rust + CUDA inference server (no Python API): its prebuilt binaries are installed, then
 * memra-server serves the models named in MEMRA_MODELS, "<name>=hf:<owner/repo>[:<file substring>]", downloading
 * them on first use, behind an OpenAI-compatible API on 127.0.0.1:8080.
 */

/** Files of a repository that are not the model itself: vision projectors, speculative-decoding drafts, rank lists. */
const auxiliary = /mmproj|(^|\/)mtp-|draft|ranks|frspec/i;

/** A file name fit to stand in a model spec (memra matches it as a substring of the repository's file names). */
const plainName = /^[A-Za-z0-9][A-Za-z0-9._\/-]*\.gguf$/;

/** The memra model spec of the record: its first main GGUF file when the record lists one, else the whole repository. */
function modelSpec(view: RecordView): string {
  const gguf = view.fileNames.find((name) => plainName.test(name) && !auxiliary.test(name));
  return gguf === undefined ? `model=hf:${view.id}` : `model=hf:${view.id}:${gguf}`;
}

const request = JSON.stringify({
  model: "model",
  messages: [{ role: "user", content: "Explain KV caching in one sentence." }],
  max_tokens: 128,
});

export const memra: LibraryGenerator = (view) => [
  shellSnippet(shell`# prebuilt binaries for Linux x86_64 with an NVIDIA driver supporting CUDA 13
curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh
export PATH="$HOME/.local/bin:$PATH"

# serve the model on 127.0.0.1:8080 (downloaded on first run)
MEMRA_MODELS=${modelSpec(view)} memra-server`),
  shellSnippet(shell`# from another terminal
curl -sS http://127.0.0.1:8080/v1/chat/completions \\
  -H ${"Content-Type: application/json"} \\
  -d ${request}`),
];
