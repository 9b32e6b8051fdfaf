import { jsonText, shellQuote } from "../literals/shell.js";
import { code, type DataValue } from "../../values/data-value.js";
import type { TemplateContext } from "./context.js";
import { rawOutputFileOf, requestBody } from "./body.js";
import { rawHeaders } from "./raw-headers.js";
import { sampleFiles } from "./examples.js";
import type { InferenceRequest } from "./request.js";

// JSON text never holds a raw NUL (JSON escapes it), so it can mark where the base64 file goes.
const fileMark = "\u0000";

/** Context of the `curl` templates: every value as one shell word. */
export function curlContext(request: InferenceRequest): TemplateContext | undefined {
  if (!request.url) return undefined;
  const output = rawOutputFileOf(request);
  const file = request.spec.file ? sampleFiles[request.spec.file] : undefined;
  const body: DataValue = requestBody(request, code(fileMark), code(`data:${file?.contentType ?? ""};base64,${fileMark}`));
  const json = request.wire.request === "file" ? "" : jsonText(body, (piece) => piece.text);
  // Only the json-with-file template splices the file into the body (text, file, text, …); the others send it whole.
  const splicesFile = request.wire.request === "json-with-file";
  const pieces = splicesFile ? json.split(fileMark) : [];
  const { scheme, headers, modelNote } = rawHeaders(request);
  const headerLines = (indent: string) =>
    Object.entries(headers)
      .map(([name, value]) => `${indent}-H ${shellQuote(`${name}: ${value}`)} \\`)
      .join("\n");
  const queue = request.call?.queue;
  return {
    url: shellQuote(request.url),
    authorization:
      request.token.kind === "env"
        ? `"Authorization: ${scheme} $${request.token.variable}"`
        : shellQuote(`Authorization: ${scheme} ${request.token.value}`),
    extra_headers: headerLines("    "),
    // fal's queue: the GETs that follow the job, the status polls a loop deeper.
    queue_url: queue && shellQuote(queue.base),
    queue_query: queue?.query ? shellQuote(queue.query) : undefined,
    poll_headers: queue && headerLines("        "),
    inline_media: queue?.inline === true,
    content_type: shellQuote(`Content-Type: ${request.wire.request === "file" && file ? file.contentType : "application/json"}`),
    body: splicesFile ? undefined : shellQuote(json),
    body_pieces: splicesFile ? splicedBody(pieces, file ? shellQuote(file.name) : "") : undefined,
    model_note: modelNote,
    file: file && shellQuote(file.name),
    upload: file && shellQuote(`@${file.name}`),
    output_file: output && shellQuote(output),
    stream: request.stream,
  };
}

/** The lines that print the JSON body with the base64 file at each place it goes: text, file, text, …. */
function splicedBody(pieces: string[], file: string): string {
  return pieces.map((piece) => `    printf '%s' ${shellQuote(piece)}`).join(`\n    base64 < ${file} | tr -d '\\n'\n`);
}
