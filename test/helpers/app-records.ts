import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hubRecordNames, readHubRecordJson } from "./hub-records.js";

/*
 * The records the apps differential runs on: the Hub record corpus, the apps' fixture models, issue 32's and 42's records,
 * and records generated over the shapes the apps' rules tell apart (GGUF with and without a header summary, MLX,
 * diffusers images and videos, transformers LLMs with and without the TGI tag, chat, vision-language, private,
 * gated). Each is raw JSON, as the Hub's model API writes it.
 */

export interface AppRecord {
  name: string;
  json: Record<string, unknown>;
}

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

function corpusRecords(): AppRecord[] {
  const hub = hubRecordNames().map((name) => ({ name: `hub-records/${name}`, json: readHubRecordJson(name) }));
  const apps = Object.entries(readJson(fixture("apps/models.json"))).map(([name, json]) => ({ name: `apps/${name}`, json: json as Record<string, unknown> }));
  const own = ["issue32-decide", "issue42", "gguf-uses"].flatMap((folder) =>
    readdirSync(fixture(`${folder}/`))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => ({ name: `${folder}/${file.slice(0, -5)}`, json: readJson(fixture(`${folder}/${file}`)) })),
  );
  return [...hub, ...apps, ...own];
}

const toolTemplate = "{%- if tools %}{{ tools | tojson }}{%- endif %}{%- for message in messages %}{{ message['content'] }}{%- endfor %}";
const plainTemplate = "{%- for message in messages %}{{ message['content'] }}{%- endfor %}";
const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

/** One shape of model: its fields but the id and access, which the generator varies. */
interface Shape {
  name: string;
  fields: Record<string, unknown>;
}

const ggufFiles = files("model-Q4_K_M.gguf", "model-Q8_0.gguf", "README.md");
const shapes: Shape[] = [
  {
    name: "gguf-chat-tools",
    fields: {
      library_name: "gguf",
      pipeline_tag: "text-generation",
      tags: ["gguf", "llama", "conversational"],
      gguf: { total: 3e9, architecture: "llama", context_length: 131072, chat_template: toolTemplate },
      siblings: ggufFiles,
    },
  },
  {
    name: "gguf-chat-no-tools",
    fields: {
      library_name: "gguf",
      pipeline_tag: "text-generation",
      tags: ["gguf", "conversational"],
      gguf: { total: 1e9, architecture: "qwen2", context_length: 32768, chat_template: plainTemplate },
      siblings: ggufFiles,
    },
  },
  { name: "gguf-no-header", fields: { library_name: "gguf", pipeline_tag: "text-generation", tags: ["gguf", "conversational"], siblings: ggufFiles } },
  {
    name: "gguf-diffusion-header-without-context",
    fields: {
      library_name: "gguf",
      pipeline_tag: "text-to-image",
      tags: ["gguf", "text-to-image"],
      gguf: { total: 12e9, architecture: "flux" },
      siblings: files("flux1-dev-Q4_K_S.gguf"),
    },
  },
  {
    name: "gguf-tagged-transformers-vision",
    fields: {
      library_name: "transformers",
      pipeline_tag: "image-text-to-text",
      tags: ["transformers", "gguf", "unsloth", "conversational", "image-text-to-text"],
      gguf: { total: 4e9, architecture: "gemma3", context_length: 131072, chat_template: plainTemplate },
      siblings: files("gemma-3-4b-it-Q4_K_M.gguf", "mmproj-F16.gguf"),
    },
  },
  { name: "gguf-no-task", fields: { tags: ["gguf"], gguf: { total: 1e9, context_length: 4096 }, siblings: ggufFiles } },
  {
    name: "mlx-chat",
    fields: {
      library_name: "mlx",
      pipeline_tag: "text-generation",
      tags: ["mlx", "safetensors", "conversational", "text-generation"],
      config: { tokenizer_config: { chat_template: plainTemplate } },
    },
  },
  { name: "mlx-vision", fields: { library_name: "mlx", pipeline_tag: "image-text-to-text", tags: ["mlx", "safetensors", "image-text-to-text"] } },
  { name: "mlx-speech", fields: { library_name: "mlx", pipeline_tag: "automatic-speech-recognition", tags: ["mlx", "whisper"] } },
  {
    name: "diffusers-text-to-image",
    fields: { library_name: "diffusers", pipeline_tag: "text-to-image", tags: ["diffusers", "safetensors", "text-to-image"] },
  },
  {
    name: "diffusers-text-to-image-no-safetensors",
    fields: { library_name: "diffusers", pipeline_tag: "text-to-image", tags: ["diffusers", "text-to-image"] },
  },
  {
    name: "diffusers-lora",
    fields: { library_name: "diffusers", pipeline_tag: "text-to-image", tags: ["diffusers", "lora", "template:sd-lora", "text-to-image"] },
  },
  {
    name: "diffusers-text-to-video",
    fields: { library_name: "diffusers", pipeline_tag: "text-to-video", tags: ["diffusers", "safetensors", "text-to-video"] },
  },
  {
    name: "diffusers-image-to-image",
    fields: { library_name: "diffusers", pipeline_tag: "image-to-image", tags: ["diffusers", "safetensors", "image-to-image"] },
  },
  {
    name: "transformers-chat-tgi",
    fields: {
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "safetensors", "conversational", "text-generation-inference", "text-generation"],
    },
  },
  {
    name: "transformers-chat-no-tgi",
    fields: { library_name: "transformers", pipeline_tag: "text-generation", tags: ["transformers", "safetensors", "conversational", "text-generation"] },
  },
  {
    name: "transformers-completion-no-tgi",
    fields: { library_name: "transformers", pipeline_tag: "text-generation", tags: ["transformers", "safetensors", "text-generation"] },
  },
  {
    name: "transformers-awq",
    fields: {
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "safetensors", "conversational", "4-bit", "awq"],
      config: { quantization_config: { quant_method: "awq", bits: 4 } },
    },
  },
  {
    name: "transformers-vision-language",
    fields: { library_name: "transformers", pipeline_tag: "image-text-to-text", tags: ["transformers", "safetensors", "conversational", "image-text-to-text"] },
  },
  {
    name: "transformers-unsloth-chat",
    fields: {
      library_name: "transformers",
      pipeline_tag: "text-generation",
      tags: ["transformers", "safetensors", "unsloth", "conversational", "text-generation-inference"],
    },
  },
  {
    name: "transformers-classifier",
    fields: { library_name: "transformers", pipeline_tag: "text-classification", tags: ["transformers", "safetensors", "text-classification"] },
  },
  { name: "tgi-tag-without-library", fields: { pipeline_tag: "text-generation", tags: ["text-generation-inference", "text-generation"] } },
];

const accesses: { name: string; fields: Record<string, unknown> }[] = [
  { name: "public", fields: { private: false, gated: false } },
  { name: "gated", fields: { private: false, gated: "manual" } },
  { name: "private", fields: { private: true, gated: false } },
];

/** Every shape, public, gated and private. */
export function generatedRecords(): AppRecord[] {
  return shapes.flatMap((shape) =>
    accesses.map((access) => ({
      name: `generated/${shape.name}-${access.name}`,
      json: { _id: "6600000000000000000000aa", id: `gen-org/${shape.name}-${access.name}`, ...access.fields, ...shape.fields },
    })),
  );
}

/** The corpora's records, then the generated ones. */
export function appRecords(): AppRecord[] {
  return [...corpusRecords(), ...generatedRecords()];
}
