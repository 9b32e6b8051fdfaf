import type { GgufUse } from "../model/formats.js";
import { embeddingText, rankingTexts } from "../model/examples.js";
import type { DataValue } from "../values/data-value.js";

/*
 * llama.cpp's server modes for a GGUF that does not generate (tools/server/README.md at ggml-org/llama.cpp 00dc8057):
 * the flag that starts the mode (`--reranking` also sets the embedding mode and rank pooling), the route it serves,
 * and the body a call sends. The local apps' commands and a dedicated endpoint's container read the same row.
 */

export interface LlamaServerMode {
  flag: string;
  route: string;
  /** What the server then serves, in the comment above the command. */
  serves: string;
  body(model: string): Record<string, DataValue>;
}

type ServerUse = Exclude<GgufUse, "generation">;

const modes: Readonly<Record<ServerUse, LlamaServerMode>> = {
  embedding: {
    flag: "--embeddings",
    route: "/v1/embeddings",
    serves: "the model's embeddings with an OpenAI-compatible API",
    body: (model) => ({ model, input: embeddingText }),
  },
  reranking: { flag: "--reranking", route: "/v1/rerank", serves: "the reranker's scores", body: (model) => ({ model, ...rankingTexts }) },
};

/** The mode a GGUF's use asks of llama.cpp's server, with its use; undefined for a generative model (chat, the default). */
export const llamaServerModeOf = (use: GgufUse): (LlamaServerMode & { use: ServerUse }) | undefined =>
  use === "generation" ? undefined : { ...modes[use], use };
