/*
 * A multipart/form-data body read back into its parts, for checking what a form upload sent: each part's name,
 * file name and content type (from its headers) and its bytes, exactly. Written for these tests, strict rather than
 * lenient: a body that does not follow the format is an error, not an empty list.
 */

export interface FormPart {
  name: string;
  /** The `filename` of a file part; undefined for a text field. */
  filename: string | undefined;
  contentType: string | undefined;
  data: Buffer;
}

/** The boundary a `multipart/form-data; boundary=…` content type names; undefined for any other content type. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /^multipart\/form-data\s*;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2]) : undefined;
}

function headerParam(header: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header);
  return match?.[1]?.replace(/\\(.)/g, "$1");
}

/** The parts of a body sent with this boundary, in order. Throws where the body breaks the format. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at !== 0) throw new Error("the body does not start with the boundary");
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === "--") return parts;
    if (body.subarray(at, at + 2).toString() !== "\r\n") throw new Error("a boundary is not followed by CRLF");
    const headersEnd = body.indexOf("\r\n\r\n", at + 2);
    if (headersEnd === -1) throw new Error("a part has no end of headers");
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next === -1) throw new Error("a part is not closed by the boundary");
    const headers = new Map<string, string>();
    for (const line of body
      .subarray(at + 2, headersEnd)
      .toString("utf8")
      .split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon === -1) throw new Error(`a part header without a colon: ${JSON.stringify(line)}`);
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get("content-disposition") ?? "";
    const name = headerParam(disposition, "name");
    if (!/^form-data\s*;/i.test(disposition) || name === undefined) throw new Error(`a part without a form-data name: ${JSON.stringify(disposition)}`);
    parts.push({ name, filename: headerParam(disposition, "filename"), contentType: headers.get("content-type"), data: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}

/** What a form should hold: one file part, and text fields by name. */
export interface ExpectedForm {
  file: { name: string; filename: string; contentType: string; data: Buffer };
  fields: Record<string, string>;
}

/** Every way a recorded form upload differs from the form expected (the parts' order aside, which servers ignore). */
export function formProblems(contentType: string | undefined, body: Buffer, expected: ExpectedForm): string[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) return [`content-type ${JSON.stringify(contentType)}, expected multipart/form-data with a boundary`];
  let parts: FormPart[];
  try {
    parts = parseMultipart(body, boundary);
  } catch (error) {
    return [`the body is not a multipart form: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  const names = parts.map((part) => part.name).sort();
  const expectedNames = [expected.file.name, ...Object.keys(expected.fields)].sort();
  if (JSON.stringify(names) !== JSON.stringify(expectedNames)) problems.push(`form parts ${JSON.stringify(names)}, expected ${JSON.stringify(expectedNames)}`);
  const file = parts.find((part) => part.name === expected.file.name);
  if (file) {
    if (file.filename !== expected.file.filename)
      problems.push(`file part named ${JSON.stringify(file.filename)}, expected ${JSON.stringify(expected.file.filename)}`);
    if (file.contentType !== expected.file.contentType)
      problems.push(`file part of type ${JSON.stringify(file.contentType)}, expected ${JSON.stringify(expected.file.contentType)}`);
    if (!file.data.equals(expected.file.data))
      problems.push(`file part of ${file.data.length} bytes that differ from the ${expected.file.data.length} expected`);
  }
  for (const [name, value] of Object.entries(expected.fields)) {
    const part = parts.find((candidate) => candidate.name === name);
    if (!part) continue;
    if (part.filename !== undefined) problems.push(`field ${name} is sent as a file (${JSON.stringify(part.filename)})`);
    const sent = part.data.toString("utf8");
    if (sent !== value)
      problems.push(
        `field ${name} is ${JSON.stringify(sent.length > 200 ? `${sent.slice(0, 200)}…` : sent)} (${part.data.length} bytes), expected ${JSON.stringify(value)}`,
      );
  }
  return problems;
}
