import { jsonText, shellQuote } from "../literals/shell.js";
import { code, type DataValue } from "../literals/value.js";
import type { TemplateContext } from "../templates.js";
import { outputFileOf, requestBody } from "./body.js";
import { sampleFiles } from "./examples.js";
import type { InferenceRequest } from "./request.js";

// JSON text never holds a raw NUL (JSON escapes it), so it can mark where the base64 file goes.
const fileMark = "\u0000";

/** Context of the `curl` templates: every value as one shell word. */
export function curlContext(request: InferenceRequest): TemplateContext | undefined {
  if (!request.url) return undefined;
  const output = outputFileOf(request);
  const file = request.spec.file ? sampleFiles[request.spec.file] : undefined;
  const body: DataValue = requestBody(request, code(fileMark));
  const json = request.spec.request === "file" ? "" : jsonText(body, (piece) => piece.text);
  // Only the json-with-file template splices the file into the body (head, file, tail); the others send it whole.
  const splicesFile = request.spec.request === "json-with-file";
  const [head = "", tail = ""] = splicesFile ? json.split(`"${fileMark}"`) : [];
  return {
    url: shellQuote(request.url),
    authorization:
      request.token.kind === "env"
        ? `"Authorization: Bearer $${request.token.variable}"`
        : shellQuote(`Authorization: Bearer ${request.token.value}`),
    bill_to: request.billTo === undefined ? undefined : shellQuote(`X-HF-Bill-To: ${request.billTo}`),
    content_type: shellQuote(`Content-Type: ${request.spec.request === "file" && file ? file.contentType : "application/json"}`),
    body: splicesFile ? undefined : shellQuote(json),
    body_head: splicesFile ? shellQuote(`${head}"`) : undefined,
    body_tail: splicesFile ? shellQuote(`"${tail}`) : undefined,
    file: file && shellQuote(file.name),
    upload: file && shellQuote(`@${file.name}`),
    output_file: output && shellQuote(output),
    stream: request.stream,
  };
}
