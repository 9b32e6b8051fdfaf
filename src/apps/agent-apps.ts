import { installCommand } from "../code/install.js";
import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import type { RecordView } from "../model/view.js";
import type { GgufChoice } from "../weights/gguf-choice.js";
import { quantNotes, taggedId } from "./quant-notes.js";
import { installLlamaCpp, installing, withQuant, type AppRecipe } from "./types.js";

/*
 * Agents (Pi, Hermes Agent, OpenClaw) drive a model that takes tools: a local server serves it with its chat template
 * on http://localhost:8080/v1 (llama-server a GGUF file, with --jinja, which tool calls need; MLX LM's server MLX
 * weights), and the agent is pointed at it.
 */

const baseUrl = "http://localhost:8080/v1";

/** The local server an agent talks to: how it is installed and started, and the model name it answers to. */
interface AgentServer {
  install: string;
  start: string;
  /** The model's name in the agent's settings. */
  modelId: string;
  /** What the agent's settings call the server (Pi's provider key). */
  providerKey: string;
  label: string;
}

function agentServer(view: RecordView, quant: GgufChoice): AgentServer {
  const { id } = view;
  if (!view.gguf.repository && view.formats.has("mlx")) {
    return {
      install: installCommand("pip", ["mlx-lm"]),
      start: shell`# Serve the model and its tool-calling chat template on ${code(baseUrl)} (MLX runs on Apple silicon)
mlx_lm.server --model ${id} --port 8080`,
      modelId: id,
      providerKey: "mlx-lm",
      label: "MLX LM server",
    };
  }
  return {
    install: installLlamaCpp,
    start: shell`${code(quantNotes(quant))}# Serve the model and its tool-calling chat template on ${code(baseUrl)}
llama-server -hf ${taggedId(id, quant)} --jinja --port 8080`,
    modelId: taggedId(id, quant),
    providerKey: "llama-cpp",
    label: "llama-server",
  };
}

export const pi: AppRecipe = withQuant((view, quant) => {
  const server = agentServer(view, quant);
  const provider = { baseUrl, api: "openai-completions", apiKey: "none", models: [{ id: server.modelId }] };
  const config = JSON.stringify({ providers: { [server.providerKey]: provider } }, null, 2);
  return [
    installing(server.install, shellSnippet(server.start)),
    shellSnippet(shell`# Install Pi, then add the server to its models (written only when you have no ~/.pi/agent/models.json;
# otherwise add the ${code(`"${server.providerKey}"`)} provider to yours)
npm install -g --ignore-scripts @earendil-works/pi-coding-agent
mkdir -p ~/.pi/agent
[ -e ~/.pi/agent/models.json ] || printf '%s\\n' ${config} > ~/.pi/agent/models.json
# Start Pi in your project, then choose the model with /model
pi`),
  ];
});

export const hermesAgent: AppRecipe = withQuant((view, quant) => {
  const server = agentServer(view, quant);
  return [
    installing(server.install, shellSnippet(server.start)),
    shellSnippet(shell`# Install Hermes Agent and point it at the server
curl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash
hermes config set model.provider custom
hermes config set model.base_url ${baseUrl}
hermes config set model.default ${server.modelId}
hermes`),
  ];
});

export const openclaw: AppRecipe = withQuant((view, quant) => {
  const server = agentServer(view, quant);
  const choice =
    server.providerKey === "llama-cpp"
      ? `choose "Existing llama-server" (Local llama.cpp) at ${baseUrl}`
      : `choose a custom OpenAI-compatible API at ${baseUrl}, model ${server.modelId}`;
  return [
    installing(server.install, shellSnippet(server.start)),
    shellSnippet(shell`# Install OpenClaw; in its setup, ${code(choice)}
npm install -g openclaw@latest
openclaw onboard`),
  ];
});
