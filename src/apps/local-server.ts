import { shell } from "../libraries/shell-code.js";
import { jsonText } from "../code/literals/shell.js";

/** The question the local-server snippets ask. */
export const question = "What is the capital of France?";

/**
 * A curl call to a chat-completions API served on localhost (llama-server, vLLM, SGLang, TGI): the body is JSON,
 * passed as one single-quoted shell word. `served` is the model name the server answers to.
 */
function localChatCall(served: string, port: number): string {
  const body = jsonText({ model: served, messages: [{ role: "user", content: question }] });
  return shell`curl ${`http://localhost:${port}/v1/chat/completions`} \\
  -H 'Content-Type: application/json' \\
  -d ${body}`;
}

/** The call as a second snippet, to run once the server is up. */
export const thenCall = (id: string, port: number): string => `# Then, from another terminal\n${localChatCall(id, port)}`;
