import { jsAssignment, jsCallWithObject, jsString } from "../code/literals/javascript.js";
import { code, type DataValue } from "../values/data-value.js";
import type { TemplateContext } from "../code/template-context.js";
import { joinContexts } from "./context.js";
import {
  formFields,
  imageSignatures,
  mediaExtensions,
  mediaSaver,
  outputFileOf,
  rawOutputFileOf,
  requestBody,
  signatureLength,
  signaturePattern,
  taskBody,
  unknownExtension,
  type MediaSaving,
} from "./body.js";
import { uploadField } from "./provider-body.js";
import { sampleFiles } from "../model/examples.js";
import { openaiBaseUrl, rawHeaders } from "./raw-headers.js";
import { router, sdkCanCall, type InferenceRequest } from "./request.js";
import type { SdkGap } from "../catalogue/client-gaps.js";

/** The key read from the environment: the provider docs' name first, where it has one of its own. */
function envKey(token: { variable: string; first?: string }): string {
  return token.first === undefined ? `process.env.${token.variable}` : `process.env.${token.first} ?? process.env.${token.variable}`;
}

function tokenValue(request: InferenceRequest): DataValue {
  return request.token.kind === "env" ? code(envKey(request.token)) : request.token.value;
}

function shared(request: InferenceRequest): TemplateContext {
  const output = outputFileOf(request);
  const file = request.spec.file ? sampleFiles[request.spec.file] : undefined;
  return {
    file: file && jsString(file.name),
    content_type: file && jsString(file.contentType),
    output_file: output && jsString(output),
    stream: request.stream,
    auto_provider_note: request.providerForced,
    structured: request.responseFormat !== undefined,
    tool_calls: request.tools !== undefined,
    task: request.kind,
  };
}

/** Context of the `fetch` templates: statements for the URL, headers and payload. */
export function fetchContext(request: InferenceRequest): TemplateContext | undefined {
  if (!request.url) return undefined;
  const { scheme, headers: extra, modelNote } = rawHeaders(request);
  const multipart = request.wire.request === "multipart";
  const headers: Record<string, DataValue> = {
    Authorization: request.token.kind === "env" ? code(`\`${scheme} \${${envKey(request.token)}}\``) : `${scheme} ${request.token.value}`,
  };
  // A form's content type names its boundary, which fetch chooses: fetch writes that header itself.
  if (!multipart)
    headers["Content-Type"] = request.wire.request === "file" && request.spec.file ? sampleFiles[request.spec.file].contentType : "application/json";
  Object.assign(headers, extra);
  const output = rawOutputFileOf(request);
  const contentType = request.spec.file ? sampleFiles[request.spec.file].contentType : "";
  const dataUrl = code(`\`data:${contentType};base64,\${encodedFile}\``);
  const sendsJson = request.wire.request !== "file" && !multipart;
  const context = joinContexts(shared(request), {
    url: jsAssignment("const url =", request.url, ";"),
    headers: jsAssignment("const headers =", headers, ";"),
    payload: sendsJson ? jsAssignment("const payload =", requestBody(request, code("encodedFile"), dataUrl), ";") : undefined,
    fields: multipart ? jsAssignment("const fields =", Object.fromEntries(formFields(request)), ";") : undefined,
    upload_field: jsString(uploadField),
    output_file: output && jsString(output),
    model_note: modelNote,
  });
  // Object.assign rather than spreads in the literal: a spread after other properties takes V8's slow path.
  return Object.assign(context, queueContext(request), pollContext(request), mediaSaving(request));
}

/** A polled task (its route's `taskPolling`, Novita's videos): where the `fetch` snippet polls it, its states, where the video is. */
function pollContext(request: InferenceRequest): TemplateContext {
  const poll = request.call?.poll;
  if (!poll) return {};
  // The reason may be missing: each key after the first is reached with `?.`.
  const keys = (path: readonly (string | number)[], step: string) =>
    path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "." : step}${key}`)).join("");
  return {
    poll: true,
    result_url: jsAssignment("const resultUrl =", poll.result, ";"),
    task_id: poll.idInPath ? "encodeURIComponent(taskId)" : "taskId",
    succeeded: jsString(poll.succeeded),
    failed: jsAssignment("const failed =", [...poll.failed], ";"),
    reason: `task${keys(poll.reasonAt, "?.")}`,
    video_url: `result${keys(poll.videoAt, ".")}`,
  };
}

/** fal's queue: where the `fetch` snippet polls the job, where the result holds the media, and how audio is named. */
function queueContext(request: InferenceRequest): TemplateContext {
  const queue = request.call?.queue;
  if (!queue) return {};
  return {
    queue_url: jsAssignment("const queueUrl =", queue.base, ";"),
    queue_query: queue.query ? jsAssignment("const queueQuery =", queue.query, ";") : undefined,
    media_url: `${mediaValue(queue.mediaKeys)}${queue.mediaKeys[0] === "images" ? "[0]" : ""}.url`,
    inline_media: queue.inline,
  };
}

/** The value under the first of the result's keys that is present. */
function mediaValue(keys: readonly string[]): string {
  const values = keys.map((key) => `output.${key}`);
  return values.length === 1 ? values.join("") : `(${values.join(" ?? ")})`;
}

/**
 * The lines that save the answer's media (`response`, or `media` when the answer only links it) in a file named
 * from its content type, else from the extension of `mediaUrl` when linked, else unknownExtension; or, for a JSON
 * answer that holds it as base64 text, decode it and name it from its first bytes. Then print the name.
 */
const mediaSaving = mediaSaver(writeMediaSaving);

function writeMediaSaving({ media, naming, encodedAt }: MediaSaving): string {
  if (naming === "leading-bytes") return [...decodedMediaLines(encodedAt), ...savingLines("content")].join("\n");
  const linked = naming === "content-type-or-url";
  const answer = linked ? "media" : "response";
  const lines = [
    `// The file is named from the answer's content type${linked ? ", else from the URL" : ""}.`,
    jsCallWithObject("const extensions = new Map(", Object.entries(mediaExtensions[media]), ");"),
    `const contentType = (${answer}.headers.get("content-type") ?? "")`,
    '  .split(";")[0]',
    "  .trim()",
    "  .toLowerCase();",
  ];
  if (linked) {
    lines.push(
      "let extension = extensions.get(contentType);",
      "if (extension === undefined) {",
      "  const { pathname } = new URL(mediaUrl);",
      "  const suffix = /\\.([^./]+)$/.exec(pathname)?.[1].toLowerCase();",
      "  const known = [...extensions.values()].includes(suffix);",
      `  extension = known ? suffix : ${jsString(unknownExtension)};`,
      "}",
    );
  } else lines.push(`const extension = extensions.get(contentType) ?? ${jsString(unknownExtension)};`);
  return [...lines, ...savingLines(`Buffer.from(await ${answer}.arrayBuffer())`)].join("\n");
}

const savingLines = (content: string) => [`writeFileSync(\`output.\${extension}\`, ${content});`, "console.log(`saved output.${extension}`);"];

/** `content`, decoded from the base64 text at `encodedAt` in the JSON answer, and its `extension`, from its first bytes. */
function decodedMediaLines(encodedAt: readonly (string | number)[]): string[] {
  const at = encodedAt.map((key) => (typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${jsString(key)}]`)).join("");
  const signatures = imageSignatures.map((signature) => `  [${jsString(signature.extension)}, /^${signaturePattern(signature, ".")}/],`);
  return [
    "// The answer holds the image as base64 text: the file is named from its first bytes.",
    "const answer = await response.json();",
    `const content = Buffer.from(answer${at}, "base64");`,
    `const signature = content.subarray(0, ${signatureLength}).toString("hex");`,
    "const signatures = [",
    ...signatures,
    "];",
    "const extension =",
    `  signatures.find(([, pattern]) => pattern.test(signature))?.[0] ?? ${jsString(unknownExtension)};`,
  ];
}

/**
 * Context of the `huggingface.js` templates: the client and the one method call. `gaps` are the SDK's gaps the call
 * hits (data/client-gaps.json, asked by the client table's row): a job it polls between timers that do not keep
 * Node running is held open by the snippet meanwhile.
 */
export function huggingfaceJsContext(request: InferenceRequest, gaps: readonly SdkGap[]): TemplateContext | undefined {
  const method = request.spec.jsMethod;
  if (!method || !sdkCanCall(request)) return undefined;
  const isChat = request.example.shape === "chat";
  const chosenMethod = isChat && request.stream ? "chatCompletionStream" : method;
  const options: Record<string, DataValue> = {};
  if (request.endpointUrl) options.endpointUrl = request.endpointUrl;
  if (request.billTo !== undefined) options.billTo = request.billTo;
  const token = request.token.kind === "env" ? envKey(request.token) : "token";
  const body = taskBody(request, code("data"));
  const args: Record<string, DataValue> =
    request.example.shape === "chat"
      ? { model: request.modelId, messages: request.example.messages }
      : { model: request.modelId, ...(body as Record<string, DataValue>) };
  if (request.responseFormat !== undefined) args.response_format = request.responseFormat as unknown as DataValue;
  if (request.tools !== undefined) args.tools = request.tools;
  if (request.example.shape === "file") args.inputs = code("data");
  // The SDK refuses OpenAI models not named `openai/<id>`, and drops the prefix before calling OpenAI.
  if (request.provider === "openai") args.model = `openai/${request.chatModel}`;
  // The SDK refuses a provider next to an endpoint URL: the endpoint is the provider.
  if (!request.endpointUrl) args.provider = request.provider;
  const result = isChat ? (request.stream ? "stream" : "completion") : "output";
  const base = shared(request);
  return joinContexts(base, {
    // The SDK takes MP3, WAV or WebM labels only for fal; fal decodes the bytes whatever the label.
    content_type: request.answeringProvider === "fal-ai" && request.spec.file === "audio" ? jsString("audio/mpeg") : base.content_type,
    keep_alive: gaps.some((gap) => gap.effect === "keep-alive"),
    token: request.token.kind === "literal" ? jsAssignment("const token =", request.token.value, ";") : undefined,
    client: Object.keys(options).length === 0 ? clientLine(token) : jsCallWithObject(`const client = new InferenceClient(${token}, `, options, ");"),
    call: jsCallWithObject(`const ${result} = ${request.stream ? "" : "await "}client.${chosenMethod}(`, args, ");"),
  });
}

/** `new InferenceClient(<token>)`, its argument on a line of its own past prettier's 80 columns (two key variables read). */
function clientLine(token: string): string {
  const line = `const client = new InferenceClient(${token});`;
  return line.length <= 80 ? line : `const client = new InferenceClient(\n  ${token},\n);`;
}

/** Context of the `openai` templates: chat models only. */
export function openaiJsContext(request: InferenceRequest): TemplateContext | undefined {
  const baseURL = openaiBaseUrl(request, router);
  if (request.example.shape !== "chat" || !baseURL) return undefined;
  const options: Record<string, DataValue> = { baseURL, apiKey: tokenValue(request) };
  if (request.billTo !== undefined) options.defaultHeaders = { "X-HF-Bill-To": request.billTo };
  const args: Record<string, DataValue> = { model: request.chatModel, messages: request.example.messages };
  if (request.stream) args.stream = true;
  if (request.responseFormat !== undefined) args.response_format = request.responseFormat as unknown as DataValue;
  if (request.tools !== undefined) args.tools = request.tools;
  return joinContexts(shared(request), {
    client: jsCallWithObject("const client = new OpenAI(", options, ");"),
    call: jsCallWithObject(`const ${request.stream ? "stream" : "completion"} = await client.chat.completions.create(`, args, ");"),
  });
}
