import { shell } from "../libraries/shell-code.js";
import type { DataValue } from "../values/data-value.js";
import { embeddingText } from "../model/examples.js";
import type { LlamaServerMode } from "./llama-server-modes.js";
import { jsonText } from "../code/literals/shell.js";

/** The question the local-server snippets ask. */
export const question = "What is the capital of France?";

/** A JSON POST to a server on localhost, its body one single-quoted shell word. */
const localPost = (url: string, body: DataValue): string => shell`curl ${url} \\
  -H 'Content-Type: application/json' \\
  -d ${jsonText(body)}`;

/**
 * A curl call to a chat-completions API served on localhost (llama-server, vLLM, SGLang, TGI). `served` is the
 * model name the server answers to.
 */
const localChatCall = (served: string, port: number): string =>
  localPost(`http://localhost:${port}/v1/chat/completions`, { model: served, messages: [{ role: "user", content: question }] });

/** The call as a second snippet, to run once the server is up. */
export const thenCall = (id: string, port: number): string => `# Then, from another terminal\n${localChatCall(id, port)}`;

/** The call to llama-server in an embedding or reranking mode, on the route that mode serves. */
export const thenCallMode = (id: string, port: number, mode: LlamaServerMode): string =>
  `# Then, from another terminal\n${localPost(`http://localhost:${port}${mode.route}`, mode.body(id))}`;

/**
 * Ollama's embeddings API (`POST /api/embed`: model and input), for a model it has pulled, as its API reference reads at
 * ollama/ollama 01e52d24 (whose endpoints hold no ranking call: a reranker is not offered Ollama).
 */
export const ollamaEmbed = (model: string): string =>
  `# Then embed a text with Ollama's API\n${localPost("http://localhost:11434/api/embed", { model, input: embeddingText })}`;
