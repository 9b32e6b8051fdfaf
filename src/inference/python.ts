import { pythonAssignment, pythonCall, pythonLiteral, pythonString, type PythonArgument } from "../code/literals/python.js";
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
  unknownExtension,
  type MediaSaving,
} from "./body.js";
import { uploadField } from "./provider-body.js";
import { openaiBaseUrl, rawHeaders } from "./raw-headers.js";
import { sampleFiles } from "../model/examples.js";
import { router, sdkCanCall, type InferenceRequest } from "./request.js";

/** The key read from the environment: the provider docs' name first, where it has one of its own. */
function envKey(token: { variable: string; first?: string }, quote: "'" | '"'): string {
  const read = `os.environ[${quote}${token.variable}${quote}]`;
  return token.first === undefined ? read : `os.environ.get(${quote}${token.first}${quote}) or ${read}`;
}

function tokenValue(request: InferenceRequest): DataValue {
  if (request.token.kind !== "env") return request.token.value;
  return request.token.first === undefined ? code(`os.environ[${pythonString(request.token.variable)}]`) : code(envKey(request.token, '"'));
}

function authorization(request: InferenceRequest, scheme: string): DataValue {
  return request.token.kind === "env" ? code(`f"${scheme} {${envKey(request.token, "'")}}"`) : `${scheme} ${request.token.value}`;
}

function shared(request: InferenceRequest): TemplateContext {
  const output = outputFileOf(request);
  const file = request.spec.file ? sampleFiles[request.spec.file].name : undefined;
  return {
    env_token: request.token.kind === "env",
    file: file && pythonString(file),
    output_file: output && pythonString(output),
    response: request.spec.response,
    stream: request.stream,
    auto_provider_note: request.providerForced,
    structured: request.responseFormat !== undefined,
    tool_calls: request.tools !== undefined,
    task: request.kind,
  };
}

/** Context of the `requests` templates: statements for the URL, headers and payload. */
export function requestsContext(request: InferenceRequest): TemplateContext | undefined {
  if (!request.url) return undefined;
  const { scheme, headers: extra, modelNote } = rawHeaders(request);
  const headers: Record<string, DataValue> = { Authorization: authorization(request, scheme) };
  if (request.wire.request === "file" && request.spec.file) headers["Content-Type"] = sampleFiles[request.spec.file].contentType;
  Object.assign(headers, extra);
  const output = rawOutputFileOf(request);
  const contentType = request.spec.file ? sampleFiles[request.spec.file].contentType : "";
  const dataUrl = code(`f"data:${contentType};base64,{encoded_file}"`);
  const sendsJson = request.wire.request !== "file" && request.wire.request !== "multipart";
  const context = joinContexts(shared(request), {
    api_url: pythonAssignment("API_URL =", request.url),
    headers: pythonAssignment("headers =", headers),
    payload: sendsJson ? pythonAssignment("payload =", requestBody(request, code("encoded_file"), dataUrl)) : undefined,
    output_file: output && pythonString(output),
    response: request.wire.response,
    model_note: modelNote,
  });
  if (request.wire.request === "multipart") Object.assign(context, formContext(request));
  // Object.assign rather than spreads in the literal: a spread after other properties takes V8's slow path.
  return Object.assign(context, queueContext(request), pollContext(request), mediaSaving(request));
}

/** A polled task (its route's `taskPolling`, Novita's videos): where the `requests` snippet polls it, its states, where the video is. */
function pollContext(request: InferenceRequest): TemplateContext {
  const poll = request.call?.poll;
  if (!poll) return {};
  const keys = (path: readonly (string | number)[]) => path.map((key) => `[${typeof key === "number" ? key : pythonString(key)}]`).join("");
  const reasonKeys = poll.reasonAt.map((key) => pythonString(key));
  const reason = reasonKeys.slice(0, -1).reduce((inner, key) => `(${inner}.get(${key}) or {})`, "task");
  return {
    poll: true,
    result_url: pythonAssignment("RESULT_URL =", poll.result),
    task_id: poll.idInPath ? 'quote(response.json()["task_id"], safe="")' : 'response.json()["task_id"]',
    id_in_path: poll.idInPath,
    succeeded: pythonString(poll.succeeded),
    failed: pythonLiteral([...poll.failed]),
    reason: `${reason}.get(${reasonKeys.at(-1) ?? ""})`,
    video_url: `result${keys(poll.videoAt)}`,
  };
}

/** A form upload: the text fields as `data`, the file as the one entry of `files` (read from the open `file`). */
function formContext(request: InferenceRequest): TemplateContext {
  const file = sampleFiles[request.spec.file ?? "audio"];
  return {
    fields: pythonAssignment("data =", Object.fromEntries(formFields(request))),
    files: `{${pythonString(uploadField)}: (${pythonString(file.name)}, file, ${pythonString(file.contentType)})}`,
  };
}

/** fal's queue: where the `requests` snippet polls the job, where the result holds the media, and how audio is named. */
function queueContext(request: InferenceRequest): TemplateContext {
  const queue = request.call?.queue;
  if (!queue) return {};
  return {
    queue_url: pythonAssignment("QUEUE_URL =", queue.base),
    queue_query: queue.query ? pythonAssignment("QUEUE_QUERY =", queue.query) : undefined,
    media_url: `${mediaValue(queue.mediaKeys)}${queue.mediaKeys[0] === "images" ? "[0]" : ""}["url"]`,
    inline_media: queue.inline,
  };
}

/** The value under the first of the result's keys that is present (the last one read as it is). */
function mediaValue(keys: readonly string[]): string {
  const last = `output[${pythonString(keys.at(-1) ?? "")}]`;
  return keys.length === 1 ? last : `(${[...keys.slice(0, -1).map((key) => `output.get(${pythonString(key)})`), last].join(" or ")})`;
}

/**
 * The lines that save the answer's media in a file named from its content type (`content`, of `content_type`), else
 * from the extension of `media_url` when the answer only links it, else unknownExtension; or, for a JSON answer that
 * holds it as base64 text, decode it and name it from its first bytes. Then print the name.
 */
const mediaSaving = mediaSaver(writeMediaSaving);

function writeMediaSaving({ media, naming, encodedAt }: MediaSaving): string {
  if (naming === "leading-bytes") return [...decodedMediaLines(encodedAt), ...savingLines].join("\n");
  const linked = naming === "content-type-or-url";
  const lines = [
    `# The file is named from the answer's content type${linked ? ", else from the URL" : ""}.`,
    pythonAssignment("EXTENSIONS =", mediaExtensions[media]),
  ];
  const type = 'content_type.split(";")[0].strip().lower()';
  if (linked) {
    lines.push(
      `extension = EXTENSIONS.get(${type})`,
      "if extension is None:",
      "    suffix = PurePosixPath(urlsplit(media_url).path).suffix[1:].lower()",
      `    extension = suffix if suffix in EXTENSIONS.values() else ${pythonString(unknownExtension)}`,
    );
  } else lines.push(`extension = EXTENSIONS.get(${type}, ${pythonString(unknownExtension)})`);
  return [...lines, ...savingLines].join("\n");
}

const savingLines = [
  'output_file = f"output.{extension}"',
  'with open(output_file, "wb") as saved:',
  "    saved.write(content)",
  'print(f"saved {output_file}")',
];

/** `content`, decoded from the base64 text at `encodedAt` in the JSON answer, and its `extension`, from its first bytes. */
function decodedMediaLines(encodedAt: readonly (string | number)[]): string[] {
  const at = encodedAt.map((key) => `[${typeof key === "number" ? key : pythonString(key)}]`).join("");
  const tests = imageSignatures.map(({ extension, parts }, index) => {
    const test = parts
      .map(([offset, hex]) =>
        offset === 0 ? `signature.startswith(${pythonString(hex)})` : `signature[${offset * 2}:${offset * 2 + hex.length}] == ${pythonString(hex)}`,
      )
      .join(" and ");
    return [`${index === 0 ? "if" : "elif"} ${test}:`, `    extension = ${pythonString(extension)}`];
  });
  return [
    "# The answer holds the image as base64 text: the file is named from its first bytes.",
    `content = base64.b64decode(response.json()${at})`,
    `signature = content[:${signatureLength}].hex()`,
    ...tests.flat(),
    "else:",
    `    extension = ${pythonString(unknownExtension)}`,
  ];
}

function clientArguments(request: InferenceRequest, extra: PythonArgument[]): PythonArgument[] {
  const args: PythonArgument[] = [];
  if (request.endpointUrl) args.push(["base_url", request.endpointUrl]);
  else args.push(["provider", request.provider]);
  args.push(["api_key", tokenValue(request)]);
  if (request.billTo !== undefined) args.push(["bill_to", request.billTo]);
  return [...args, ...extra];
}

/**
 * The task method's arguments: the example first, as the method names them, then the model. A chat names its
 * model as the client wants it: huggingface_hub takes the Hub id (the provider is the client's), the OpenAI
 * client the router's `<id>:<provider>`.
 */
function taskArguments(request: InferenceRequest, chatModel: string): PythonArgument[] {
  const example = request.example;
  const file = request.spec.file ? sampleFiles[request.spec.file].name : "";
  const model: PythonArgument[] = request.endpointUrl ? [] : [["model", request.modelId]];
  switch (example.shape) {
    case "text":
      return [[undefined, example.text], ...model];
    case "question":
      return [["question", example.question], ["context", example.context], ...model];
    case "labels":
      return [[undefined, example.text], ["candidate_labels", example.candidateLabels], ...model];
    case "sentences":
      return [[undefined, example.sourceSentence], ["other_sentences", example.sentences], ...model];
    case "table":
      return [["table", example.table], ["query", example.query], ...model];
    case "tabular":
      return [["table", example.data], ...model];
    case "file":
      return [[undefined, file], ...model];
    case "file-question":
      return [[undefined, file], ["question", example.question], ...model];
    case "file-labels":
      return [[undefined, file], ["candidate_labels", example.candidateLabels], ...model];
    case "file-prompt":
      return [[undefined, file], ["prompt", example.prompt], ...model];
    case "chat":
      if (request.responseFormat !== undefined)
        return [
          ["model", chatModel],
          ["messages", example.messages],
          ["response_format", request.responseFormat as unknown as DataValue],
        ];
      if (request.tools !== undefined)
        return [
          ["model", chatModel],
          ["messages", example.messages],
          ["tools", request.tools],
        ];
      return [["model", chatModel], ["messages", example.messages], ...(request.stream ? [["stream", true] as PythonArgument] : [])];
  }
}

/**
 * Context of the `huggingface_hub` templates: the client and the one method call. What the package cannot call for a
 * provider (data/client-gaps.json) never reaches here: the client table's row declines it.
 */
export function huggingfaceHubContext(request: InferenceRequest): TemplateContext | undefined {
  const method = request.spec.pythonMethod;
  if (!method || !sdkCanCall(request)) return undefined;
  const result = request.spec.request === "chat" ? (request.stream ? "stream" : "completion") : "output";
  return joinContexts(shared(request), {
    client: pythonCall("client = InferenceClient(", clientArguments(request, [])),
    call: pythonCall(`${result} = client.${method}(`, taskArguments(request, request.modelId)),
  });
}

/** Context of the `openai` templates: chat models only. */
export function openaiContext(request: InferenceRequest): TemplateContext | undefined {
  const baseUrl = openaiBaseUrl(request, router);
  if (request.spec.request !== "chat" || request.example.shape !== "chat" || !baseUrl) return undefined;
  const clientArgs: PythonArgument[] = [
    ["base_url", baseUrl],
    ["api_key", tokenValue(request)],
  ];
  if (request.billTo !== undefined) clientArgs.push(["default_headers", { "X-HF-Bill-To": request.billTo }]);
  return joinContexts(shared(request), {
    client: pythonCall("client = OpenAI(", clientArgs),
    call: pythonCall(`${request.stream ? "stream" : "completion"} = client.chat.completions.create(`, taskArguments(request, request.chatModel)),
  });
}

/**
 * Context of the `fal_client` template: fal's own Python client, which submits to fal's queue and waits for the
 * result. Direct calls to fal only (the package speaks to fal, not to the router).
 */
export function falClientContext(request: InferenceRequest): TemplateContext | undefined {
  const call = request.call;
  if (!call?.direct || call.route?.body !== "fal" || request.token.kind !== "env") return undefined;
  const { modelNote } = rawHeaders(request);
  const file = request.spec.file ? sampleFiles[request.spec.file].name : undefined;
  const args = requestBody(request, code("file_url"), code("file_url"));
  return joinContexts(shared(request), {
    key_variable: pythonString(request.token.variable),
    file: file && pythonString(file),
    model_note: modelNote,
    submit: pythonCall("handle = fal_client.submit(", [
      [undefined, call.modelId],
      ["arguments", args],
    ]),
  });
}
