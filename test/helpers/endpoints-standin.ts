import type { RecordedRequest, RecorderResponse, Responder } from "./recorder.js";
import { defaultResponder } from "./recorder.js";

/*
 * A stand-in of the Inference Endpoints API (api.endpoints.huggingface.cloud/v2) and of the Hub's whoami, as
 * huggingface_hub 2.0 calls them, reached through the start-up redirect (python-redirect/sitecustomize.py: the
 * original host kept in the path as /__host/<host>/…). Creating an endpoint answers `pending`; each fetch moves it
 * on, `initializing` then `running`, with a URL on this same recorder (/endpoint/<name>), which then answers the
 * call as the engine would: its health route, OpenAI's chat and completions, TEI's embeddings and reranking, the
 * toolkit's task answers. Pausing answers `paused`, resuming `pending` again. What was asked is read back from the recorder's requests.
 */

export const standinUser = "test-user";
const endpointsApi = "/__host/api.endpoints.huggingface.cloud/v2/endpoint/";

type Json = Record<string, unknown>;

const json = (body: unknown, status = 200): RecorderResponse => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** The endpoint as the API describes it, from the body it was created with. */
function described(created: Json, state: string, url: string | undefined): Json {
  const model = (created["model"] ?? {}) as Json;
  const image = (model["image"] ?? {}) as Json;
  const variant = Object.values(image)[0] as Json | undefined;
  return {
    name: created["name"],
    type: created["type"],
    accountId: null,
    compute: created["compute"],
    provider: created["provider"],
    model: { revision: null, task: null, ...model },
    healthRoute: typeof variant?.["healthRoute"] === "string" ? variant["healthRoute"] : "/health",
    status: { state, url: url ?? null, createdAt: "2026-11-28T20:00:00.000Z", updatedAt: "2026-11-28T20:00:00.000Z", message: state },
  };
}

/** A 1 × 1 PNG: what the toolkit answers a text-to-image call with (huggingface_hub opens it with Pillow). */
const onePixelPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** What the engine's API answers, by route (the endpoint's own URL is /endpoint/<name>); `tei` for TEI's image. */
function engineAnswer(route: string, request: RecordedRequest, tei: boolean, task: unknown): RecorderResponse {
  if (request.method === "GET" && route === "/health") return { status: 200, body: "" };
  if (route === "/v1/chat/completions") return defaultResponder({ ...request, path: route });
  if (route === "/v1/completions")
    return json({ id: "cmpl-standin", object: "text_completion", choices: [{ index: 0, text: " there was a test.", finish_reason: "length" }] });
  // llama.cpp's embeddings and reranking modes (tools/server/README.md): OpenAI's embeddings list, and its ranked results.
  if (route === "/v1/embeddings") return json({ object: "list", data: [{ object: "embedding", index: 0, embedding: [0.1, 0.2, 0.3] }] });
  if (route === "/v1/rerank") return json({ object: "list", results: [{ index: 0, relevance_score: 0.99 }] });
  if (route === "/rerank")
    return json([
      { index: 0, score: 0.99 },
      { index: 1, score: 0.01 },
    ]);
  // TEI's embeddings: one vector per input.
  if (tei && route === "/") return json([[0.1, 0.2, 0.3]]);
  if (task === "text-to-image" && route === "/") return { status: 200, headers: { "content-type": "image/png" }, body: onePixelPng };
  return defaultResponder(request);
}

export interface EndpointsStandin {
  responder: Responder;
  /** The bodies endpoints were created with, by name. */
  created: Map<string, Json>;
  /** The endpoints a run resumed (a second run of one script). */
  resumed: Set<string>;
}

/** A fresh stand-in; `origin` is the recorder's (the URL it gives running endpoints). */
export function endpointsStandin(origin: () => string): EndpointsStandin {
  const created = new Map<string, Json>();
  const resumed = new Set<string>();
  const fetches = new Map<string, number>();
  const responder: Responder = (request) => {
    const path = request.path.split("?", 1)[0] ?? "";
    if (path === "/__host/huggingface.co/api/whoami-v2") return json({ type: "user", name: standinUser, auth: { type: "access_token" } });
    if (path.startsWith(endpointsApi)) {
      const [namespace, name, action] = path.slice(endpointsApi.length).split("/");
      if (namespace !== standinUser) return json({ error: `no namespace ${namespace}` }, 404);
      if (request.method === "POST" && name === undefined) {
        const body = JSON.parse(request.body.toString("utf8")) as Json;
        const endpointName = String(body["name"]);
        created.set(endpointName, body);
        return json(described(body, "pending", undefined));
      }
      const body = name === undefined ? undefined : created.get(name);
      if (name === undefined || body === undefined) return json({ error: `no endpoint ${name}` }, 404);
      if (request.method === "POST" && action === "pause") return json(described(body, "paused", undefined));
      if (request.method === "POST" && action === "resume") {
        resumed.add(name);
        fetches.set(name, 0);
        return json(described(body, "pending", undefined));
      }
      if (request.method === "GET" && action === undefined) {
        const count = (fetches.get(name) ?? 0) + 1;
        fetches.set(name, count);
        return count === 1 ? json(described(body, "initializing", undefined)) : json(described(body, "running", `${origin()}/endpoint/${name}`));
      }
      return json({ error: `unexpected ${request.method} ${path}` }, 405);
    }
    const at = /^\/endpoint\/([^/]+)(\/.*)?$/.exec(path);
    if (at) {
      const model = (created.get(at[1] ?? "")?.["model"] ?? {}) as Json;
      return engineAnswer(at[2] ?? "/", request, "tei" in ((model["image"] ?? {}) as Json), model["task"]);
    }
    return json({ error: `the stand-in does not serve ${request.method} ${path}` }, 404);
  };
  return { responder, created, resumed };
}
