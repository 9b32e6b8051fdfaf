import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request as the recorder received it. */
export interface RecordedRequest {
  method: string;
  /** Path plus query string, exactly as sent on the request line (e.g. "/v1/chat/completions?x=1"). */
  path: string;
  /** Header names in lower case; repeated headers are joined with ", ". */
  headers: Record<string, string>;
  /** The raw request body, byte for byte. */
  body: Buffer;
}

/** What the recorder sends back. */
export interface RecorderResponse {
  /** Defaults to 200. */
  status?: number;
  /** When no content-type is given: text/plain for a string body, application/octet-stream for a Buffer. */
  headers?: Record<string, string>;
  body: string | Buffer;
}

export type Responder = (req: RecordedRequest) => RecorderResponse | Promise<RecorderResponse>;

export interface Recorder {
  /** e.g. "http://127.0.0.1:43123", no trailing slash. */
  readonly origin: string;
  /** Every request received since start (or the last reset), in arrival order. */
  readonly requests: RecordedRequest[];
  /** Stops listening and destroys every open connection. Safe to call twice. */
  close(): Promise<void>;
  /** Forgets the recorded requests (the same array is emptied in place). */
  reset(): void;
}

const HOST = "127.0.0.1";
/** Request bodies larger than this are refused with 413, so a runaway client cannot exhaust memory. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const CHAT_COMPLETION_ID = "chatcmpl-recorder";
const CHAT_CREATED = 1_700_000_000;

function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function chatChunk(model: string, content: string, finishReason: string | null): string {
  const chunk = {
    id: CHAT_COMPLETION_ID,
    object: "chat.completion.chunk",
    created: CHAT_CREATED,
    model,
    choices: [
      {
        index: 0,
        delta: { role: "assistant", content },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * The reply used when startRecorder is given no responder:
 * - POST …/chat/completions with "stream": true → SSE, chunks "Hello" and " world", then [DONE];
 * - POST …/chat/completions otherwise → an OpenAI chat.completion whose message is "Hello world";
 * - anything else → application/json [{"label":"POSITIVE","score":0.9}].
 */
export function defaultResponder(req: RecordedRequest): RecorderResponse {
  const pathname = req.path.split("?", 1)[0] ?? "";
  if (req.method === "POST" && pathname.endsWith("/chat/completions")) {
    const payload = parseJsonObject(req.body);
    const model = typeof payload?.model === "string" ? payload.model : "test-model";
    if (payload?.stream === true) {
      return {
        status: 200,
        headers: {
          "content-type": "text/event-stream",
          "cache-control": "no-cache",
        },
        body: chatChunk(model, "Hello", null) + chatChunk(model, " world", "stop") + "data: [DONE]\n\n",
      };
    }
    const completion = {
      id: CHAT_COMPLETION_ID,
      object: "chat.completion",
      created: CHAT_CREATED,
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "Hello world" },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    };
    return {
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(completion),
    };
  }
  return {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify([{ label: "POSITIVE", score: 0.9 }]),
  };
}

/** The bytes binaryResponder answers with. */
export const binaryOutput: Buffer = Buffer.from("fake-binary-output");

/** Answers any request with binaryOutput as this content type (for snippets that save a file). */
export function binaryResponderOf(contentType: string): Responder {
  return () => ({ status: 200, headers: { "content-type": contentType }, body: Buffer.from(binaryOutput) });
}

/** The bytes a base64 answer holds by default: a PNG's signature, then binaryOutput (the snippet names it from its first bytes). */
export const encodedImageOutput: Buffer = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), binaryOutput]);

/**
 * Answers any request as OpenAI's images API does with `b64_json`: JSON holding the image as base64 text, here
 * `bytes`; `escapeSlashes` writes each `/` of the text as `\/`, as some JSON encoders do.
 */
export function encodedImageResponderOf(bytes: Buffer = encodedImageOutput, escapeSlashes = false): Responder {
  const encoded = bytes.toString("base64");
  const text = JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: encoded }] });
  return () => ({ status: 200, headers: { "content-type": "application/json" }, body: escapeSlashes ? text.replaceAll("/", "\\/") : text });
}

/** Answers any request with binaryOutput as application/octet-stream. */
export const binaryResponder: Responder = binaryResponderOf("application/octet-stream");

/** The content type each kind of media usually comes in: the one a raw snippet saves as `outputFiles` names it. */
export const usualMediaTypes = { image: "image/png", audio: "audio/flac", video: "video/mp4" } as const;

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

function send(res: ServerResponse, reply: RecorderResponse): void {
  const body = typeof reply.body === "string" ? Buffer.from(reply.body, "utf8") : reply.body;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name.toLowerCase()] = value;
  headers["content-type"] ??= typeof reply.body === "string" ? "text/plain; charset=utf-8" : "application/octet-stream";
  headers["content-length"] = String(body.length);
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}

/** Starts a recording HTTP server on 127.0.0.1 with an ephemeral port. */
export async function startRecorder(respond?: Responder): Promise<Recorder> {
  const responder: Responder = respond ?? defaultResponder;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        send(res, {
          status: 413,
          body: "request body too large for the recorder\n",
        });
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", () => {
      /* client went away; nothing to record */
    });
    req.on("end", () => {
      if (refused) return;
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: flattenHeaders(req),
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      Promise.resolve()
        .then(() => responder(recorded))
        .then(
          (reply) => send(res, reply),
          (error: unknown) => {
            const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
            if (!res.headersSent)
              send(res, {
                status: 500,
                body: `recorder responder threw: ${message}\n`,
              });
            else res.destroy();
          },
        );
    });
  });

  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen({ host: HOST, port: 0, exclusive: true }, () => {
      server.off("error", onError);
      resolve();
    });
  });

  const address = server.address() as AddressInfo | null;
  if (address === null || address.address !== HOST) {
    server.close();
    throw new Error(`recorder expected to listen on ${HOST}, got ${JSON.stringify(address)}`);
  }
  const origin = `http://${HOST}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    origin,
    requests,
    reset() {
      requests.length = 0;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
