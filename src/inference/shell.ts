import { jsonText, shellQuote } from "../code/literals/shell.js";
import { unsendableInShell } from "../values/unsendable-text.js";
import { code, type DataValue } from "../values/data-value.js";
import type { TemplateContext } from "../code/template-context.js";
import {
  formFields,
  imageSignatures,
  mediaExtensions,
  mediaSaver,
  rawOutputFileOf,
  requestBody,
  signatureLength,
  signaturePattern,
  unknownExtension,
  type MediaSaving,
} from "./body.js";
import { uploadField } from "./provider-body.js";
import { rawHeaders } from "./raw-headers.js";
import { sampleFiles } from "../model/examples.js";
import type { InferenceRequest } from "./request.js";

// JSON text never holds a raw NUL (JSON escapes it), so it can mark where the base64 file goes.
const fileMark = "\u0000";

/** Context of the `curl` templates: every value as one shell word. */
export function curlContext(request: InferenceRequest): TemplateContext | undefined {
  if (!request.url) return undefined;
  const output = rawOutputFileOf(request);
  const file = request.spec.file ? sampleFiles[request.spec.file] : undefined;
  const body: DataValue = requestBody(request, code(fileMark), code(`data:${file?.contentType ?? ""};base64,${fileMark}`));
  const json = request.wire.request === "file" || request.wire.request === "multipart" ? "" : jsonText(body, (piece) => piece.text);
  // Only the json-with-file template splices the file into the body (text, file, text, …); the others send it whole.
  const splicesFile = request.wire.request === "json-with-file";
  const pieces = splicesFile ? json.split(fileMark) : [];
  const { scheme, headers, modelNote } = rawHeaders(request);
  const headerLines = (indent: string) =>
    Object.entries(headers)
      .map(([name, value]) => `${indent}-H ${shellQuote(`${name}: ${value}`)} \\`)
      .join("\n");
  const queue = request.call?.queue;
  const form = request.wire.request === "multipart" && file ? formLines(request, file) : undefined;
  // A form field holding a NUL or a lone surrogate cannot be a shell word (an argument ends at a NUL): no curl snippet then.
  if (form === null) return undefined;
  const context: TemplateContext = {
    url: shellQuote(request.url),
    authorization:
      request.token.kind === "env"
        ? `"Authorization: ${scheme} ${request.token.first === undefined ? `$${request.token.variable}` : `\${${request.token.first}:-$${request.token.variable}}`}"`
        : shellQuote(`Authorization: ${scheme} ${request.token.value}`),
    extra_headers: headerLines("    "),
    // fal's queue: the GETs that follow the job, the status polls (and a polled task's) a loop deeper.
    queue_url: queue && shellQuote(queue.base),
    queue_query: queue?.query ? shellQuote(queue.query) : undefined,
    poll_headers: (queue ?? request.call?.poll) && headerLines("        "),
    inline_media: queue?.inline === true,
    content_type: shellQuote(`Content-Type: ${request.wire.request === "file" && file ? file.contentType : "application/json"}`),
    body: splicesFile ? undefined : shellQuote(json),
    body_pieces: splicesFile ? splicedBody(pieces, file ? shellQuote(file.name) : "") : undefined,
    model_note: modelNote,
    file: file && shellQuote(file.name),
    upload: file && shellQuote(`@${file.name}`),
    output_file: output && shellQuote(output),
    stream: request.stream,
    form,
  };
  // Object.assign rather than spreads in the literal: a spread after other properties takes V8's slow path.
  return Object.assign(context, mediaSaving(request), pollContext(request));
}

/**
 * A polled task (its route's `taskPolling`, Novita's videos): the result URL the task id ends, the `case` patterns
 * of its states, and a `grep -o` pattern that finds the video's URL in the finished answer (a key of its own, or
 * `url` inside `content`).
 */
function pollContext(request: InferenceRequest): TemplateContext {
  const poll = request.call?.poll;
  if (!poll) return {};
  const key = poll.videoAt.at(-1);
  const within = poll.videoAt.at(-2);
  const pattern = typeof within === "string" && key === "url" ? `"${within}": *{[^{}]*"url": *"[^"]*"` : `"${String(key)}": *"[^"]*"`;
  return {
    poll: true,
    result_url: shellQuote(poll.result),
    succeeded: shellQuote(poll.succeeded),
    failed: poll.failed.map(shellQuote).join(" | "),
    video_pattern: shellQuote(pattern),
  };
}

/**
 * curl's form options: the file as its own part (`-F name=@file;type=…`), then each text field with `--form-string`,
 * which takes the value as it is (with `-F`, a value starting with `@` or `<` would name a file to read).
 */
function formLines(request: InferenceRequest, file: { name: string; contentType: string }): string | null {
  const fields = formFields(request);
  if (fields.some(([name, value]) => unsendableInShell(`${name}=${value}`))) return null;
  const options = [
    `-F ${shellQuote(`${uploadField}=@${file.name};type=${file.contentType}`)}`,
    ...fields.map(([name, value]) => `--form-string ${shellQuote(`${name}=${value}`)}`),
  ];
  return options.map((option) => `    ${option}`).join(" \\\n");
}

/**
 * The lines that move the answer's media (`output.part`, of `$content_type`) to a file named from its content type,
 * else from the extension of `$media` when the answer only links it, else unknownExtension; or, for a JSON answer
 * that holds it as base64 text, decode it and name it from its first bytes. Then print the name.
 */
const mediaSaving = mediaSaver(writeMediaSaving);

function writeMediaSaving({ media, naming, encodedAt }: MediaSaving): string {
  if (naming === "leading-bytes") return decodedMediaLines(encodedAt).join("\n");
  const linked = naming === "content-type-or-url";
  const byExtension = new Map<string, string[]>();
  for (const [type, extension] of Object.entries(mediaExtensions[media])) byExtension.set(extension, [...(byExtension.get(extension) ?? []), type]);
  const lines = [
    `# The file is named from the answer's content type${linked ? ", else from the URL" : ""}.`,
    `content_type=$(printf '%s' "\${content_type%%;*}" | tr '[:upper:]' '[:lower:]')`,
    "case $content_type in",
    ...[...byExtension].map(([extension, types]) => `    ${types.join(" | ")}) extension=${extension} ;;`),
  ];
  if (linked) {
    lines.push(
      "    *)",
      "        name=${media%%[?#]*}",
      `        name=$(printf '%s' "\${name##*/}" | tr '[:upper:]' '[:lower:]')`,
      "        case $name in",
      `            ${[...byExtension.keys()].map((extension) => `*.${extension}`).join(" | ")}) extension=\${name##*.} ;;`,
      `            *) extension=${unknownExtension} ;;`,
      "        esac",
      "        ;;",
    );
  } else lines.push(`    *) extension=${unknownExtension} ;;`);
  lines.push("esac", 'mv output.part "output.$extension"', `printf 'saved output.%s\\n' "$extension"`);
  return lines.join("\n");
}

/**
 * The lines that take the base64 text from the JSON answer in `output.part` (the string under the last key of
 * `encodedAt`: the one image the route answers; only base64's own characters are kept, so a `\/` escape reads `/`),
 * decode it, and name the file from its first bytes, as `od` prints them in hex.
 */
function decodedMediaLines(encodedAt: readonly (string | number)[]): string[] {
  const key = String(encodedAt.at(-1) ?? "");
  const patterns = imageSignatures.map((signature) => `    ${signaturePattern(signature, "?")}*) extension=${signature.extension} ;;`);
  return [
    "# The answer holds the image as base64 text: the file is named from its first bytes.",
    `encoded=$(sed -n ${shellQuote(`s/.*"${key}": *"\\([^"]*\\)".*/\\1/p`)} output.part | tr -cd 'A-Za-z0-9+/=')`,
    'if [ -z "$encoded" ]; then',
    `    printf 'no image in the answer: %s\\n' "$(cat output.part)" >&2`,
    "    exit 1",
    "fi",
    `printf '%s' "$encoded" | base64 --decode > output.decoded`,
    "rm output.part",
    `signature=$(od -An -tx1 -N${signatureLength} output.decoded | tr -d ' \\n')`,
    "case $signature in",
    ...patterns,
    `    *) extension=${unknownExtension} ;;`,
    "esac",
    'mv output.decoded "output.$extension"',
    `printf 'saved output.%s\\n' "$extension"`,
  ];
}

/** The lines that print the JSON body with the base64 file at each place it goes: text, file, text, …. */
function splicedBody(pieces: string[], file: string): string {
  return pieces.map((piece) => `    printf '%s' ${shellQuote(piece)}`).join(`\n    base64 < ${file} | tr -d '\\n'\n`);
}
