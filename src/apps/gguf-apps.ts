import type { HubSignIn } from "../code/access-note.js";
import { runnableAmong } from "../weights/gguf-files.js";
import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import { ollamaEmbed, thenCall, thenCallMode } from "./local-server.js";
import { llamaServerModeOf } from "./llama-server-modes.js";
import { ggufUseOf } from "../model/formats.js";
import { quantNotes, taggedId } from "./quant-notes.js";
import { installLlamaCpp, installing, withQuant, type AppRecipe } from "./types.js";

/*
 * Apps that run a GGUF repository from the Hub by `<id>:<quant>` or by one of its files. The quantization comes
 * from the record's file names (see gguf-choice.ts); the comment above the command lists the others, and with
 * --memory says why the chosen one fits.
 */

/** What an app that names one file says when the record lists no .gguf file to name. */
const noGgufFile = (app: string, id: string, docs: string) => shellSnippet(`# ${app} loads a .gguf file; ${id} lists none (see ${docs})`);

/**
 * llama.cpp serves a generative model's chat, or an embedding or reranking GGUF in the server mode of its use
 * (llama-server-modes.ts); llama-cli chats, so only a generative model gets it.
 */
export const llamaCpp: AppRecipe = withQuant((view, quant) => {
  const { id } = view;
  const notes = code(quantNotes(quant));
  const mode = llamaServerModeOf(ggufUseOf(view.record.pipeline_tag));
  if (mode !== undefined) {
    const serve = shell`${notes}# Serve ${code(mode.serves)} on http://localhost:8080
llama-server -hf ${taggedId(id, quant)} ${mode.flag}`;
    return [installing(installLlamaCpp, shellSnippet(serve)), shellSnippet(thenCallMode(id, 8080, mode))];
  }
  return [
    installing(
      installLlamaCpp,
      shellSnippet(shell`${notes}# Serve the model with an OpenAI-compatible API on http://localhost:8080
llama-server -hf ${taggedId(id, quant)}`),
    ),
    shellSnippet(thenCall(id, 8080)),
    shellSnippet(shell`# Or chat with it in the terminal
llama-cli -hf ${taggedId(id, quant)}`),
  ];
});

/** What Ollama is told of the quantizations it cannot pull: the Hub serves it single files only (gguf-loaders.ts). */
const splitForOllama = (labels: readonly string[]) => `# Split in parts, which the Hub does not serve to Ollama: ${labels.join(", ")}\n`;

/** Ollama signs its Hub downloads with this key pair's public half, once added to the user's Hub account. */
const ollamaKey = "your Ollama SSH public key (~/.ollama/id_ed25519.pub) at https://huggingface.co/settings/keys";

/** Ollama sends its own SSH key to the Hub instead of any token. */
const ollamaSignIn: HubSignIn = {
  private: (access) => `Private model: Ollama downloads it once ${ollamaKey} is added to an account with read access to ${access.id}`,
  gated: (_access, page) => `Gated model: accept its conditions on ${page}, then add ${ollamaKey}: Ollama signs in with that key, not with your Hub token`,
};

/**
 * Ollama pulls `hf.co/<id>:<quant>` of a single-file quantization only. It reads a gated or private repository with
 * its own SSH key added to the user's Hub account, not a token.
 */
export const ollama: AppRecipe = {
  ...withQuant((view, quant) => {
    const { id } = view;
    const split = quant.unloadable.length > 0 ? splitForOllama(quant.unloadable) : "";
    if (quant.chosen === undefined && split !== "") {
      return [
        shellSnippet(shell`# Ollama cannot run ${id} from the Hub: every quantization is split in parts
${code(split)}# Run it with llama.cpp instead (snippet --app llama.cpp), which loads split files`),
      ];
    }
    const model = `hf.co/${taggedId(id, quant)}`;
    // An embedding model is pulled and called through the embeddings API: `ollama run` chats, which it refuses.
    if (ggufUseOf(view.record.pipeline_tag) === "embedding")
      return [shellSnippet(shell`${code(quantNotes(quant) + split)}ollama pull ${model}`), shellSnippet(ollamaEmbed(model))];
    return [shellSnippet(shell`${code(quantNotes(quant) + split)}ollama run ${model}`)];
  }),
  signIn: ollamaSignIn,
};

export const dockerModelRunner: AppRecipe = withQuant(({ id }, quant) => [
  shellSnippet(shell`${code(quantNotes(quant))}docker model run ${`hf.co/${taggedId(id, quant)}`}`),
]);

/** node-llama-cpp names one file (`hf:<id>/<file>`; the first part of a split file brings the others). */
export const nodeLlamaCpp: AppRecipe = withQuant((view, quant) => {
  const file = runnableAmong(view.gguf.modelFiles, quant.firstFile);
  if (!file) return [noGgufFile("node-llama-cpp", view.id, "https://node-llama-cpp.withcat.ai")];
  const uri = `hf:${view.id}/${file}`;
  return [
    shellSnippet(shell`# node-llama-cpp runs through npx (Node.js 20 or later)
${code(quantNotes(quant, "file"))}npx -y node-llama-cpp chat --prompt ${"Hi there!"} ${uri}`),
    shellSnippet(shell`# Check first how well it fits this machine's memory and GPU
npx -y node-llama-cpp inspect estimate ${uri}`),
  ];
});

/** LocalAI downloads one file of the repository (`huggingface://<id>/<file>`) and serves it on port 8080. */
export const localai: AppRecipe = withQuant((view, quant) => {
  const file = runnableAmong(view.gguf.modelFiles, quant.firstFile);
  if (!file) return [noGgufFile("LocalAI", view.id, "https://localai.io")];
  const split = quant.parts > 1 ? `# ${quant.chosen ?? "This quantization"} is split in ${quant.parts} files; LocalAI is given the first\n` : "";
  return [
    installing(
      "curl -fsSL https://localai.io/install.sh | sh",
      shellSnippet(shell`${code(quantNotes(quant, "file") + split)}local-ai run ${`huggingface://${view.id}/${file}`}`),
    ),
    shellSnippet(shell`# Or in Docker (CPU image), serving an OpenAI-compatible API on http://localhost:8080
docker run -p 8080:8080 --name local-ai -ti localai/localai:latest-cpu ${`huggingface://${view.id}/${file}`}`),
  ];
});

/** Lemonade pulls `<id>:<quant>` and names the local copy `user.<repository name>-<quant>`. */
export const lemonade: AppRecipe = withQuant(({ id }, quant) => {
  const name = id.slice(id.indexOf("/") + 1);
  const local = `user.${name}${quant.chosen ? `-${quant.chosen}` : ""}`;
  return [
    shellSnippet(shell`# Install Lemonade from https://lemonade-server.ai
${code(quantNotes(quant))}lemonade pull ${taggedId(id, quant)}
lemonade run ${local}`),
  ];
});
