import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import type { ModelRecord } from "../../model/record.js";
import type { GgufChoice } from "../gguf-choice.js";
import { quantNotes, taggedId } from "./quant-notes.js";
import { installLlamaCpp, installing, withQuant, type AppRecipe } from "./types.js";

/*
 * Agents (Pi, Hermes Agent, OpenClaw) drive a model that takes tools: llama-server serves the GGUF file with its
 * chat template (--jinja, which tool calls need) on http://localhost:8080/v1, and the agent is pointed at it.
 */

const baseUrl = "http://localhost:8080/v1";

function startServer(model: ModelRecord, quant: GgufChoice): string {
  return shell`${code(quantNotes(quant))}# Serve the model and its tool-calling chat template on ${code(baseUrl)}
llama-server -hf ${taggedId(model, quant)} --jinja --port 8080`;
}

export const pi: AppRecipe = withQuant((model, { quant }) => {
  const provider = { baseUrl, api: "openai-completions", apiKey: "none", models: [{ id: taggedId(model, quant) }] };
  const config = JSON.stringify({ providers: { "llama-cpp": provider } }, null, 2);
  return [
    installing(installLlamaCpp, shellSnippet(startServer(model, quant))),
    shellSnippet(shell`# Install Pi, then add the server to its models (written only when you have no ~/.pi/agent/models.json;
# otherwise add the "llama-cpp" provider to yours)
npm install -g @mariozechner/pi-coding-agent
mkdir -p ~/.pi/agent
[ -e ~/.pi/agent/models.json ] || printf '%s\\n' ${config} > ~/.pi/agent/models.json
# Start Pi in your project, then choose the model with /model
pi`),
  ];
});

export const hermesAgent: AppRecipe = withQuant((model, { quant }) => [
  installing(installLlamaCpp, shellSnippet(startServer(model, quant))),
  shellSnippet(shell`# Install Hermes Agent and point it at the server
curl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash
hermes config set model.provider custom
hermes config set model.base_url ${baseUrl}
hermes config set model.default ${taggedId(model, quant)}
hermes`),
]);

export const openclaw: AppRecipe = withQuant((model, { quant }) => [
  installing(installLlamaCpp, shellSnippet(startServer(model, quant))),
  shellSnippet(shell`# Install OpenClaw; in its setup, choose "Existing llama-server" (Local llama.cpp) at ${code(baseUrl)}
npm install -g openclaw@latest
openclaw onboard`),
]);
