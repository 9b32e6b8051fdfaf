import type { InferenceRequest } from "../../src/inference/request.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { usualMediaTypes, type RecordedRequest, type RecorderResponse, type Responder } from "./recorder.js";

/*
 * fal's queue as a raw snippet meets it (through the router, or queue.fal.run pointed at the recorder): the POST
 * answers a receipt whose URLs name fal's own host, the status answers IN_PROGRESS, then COMPLETED (by default),
 * the result links the media (at the recorder), and the media is bytes. One responder per run: it counts polls.
 */

/** The bytes the queue's media link serves, and the id of the one job. */
export const falQueueMedia: Buffer = Buffer.from("fal-queue-media-bytes");
export const falRequestId = "req-7";

/** Whether a raw request goes through fal's queue: the route's router query names the queue host (data/providers.json). */
export function isFalQueue(request: InferenceRequest): boolean {
  const route = request.call?.route;
  return request.call?.provider.id === "fal-ai" && route?.body === "fal" && route.routerQuery === "_subdomain=queue";
}

type Media = "image" | "video" | "audio";

const videoKinds: ReadonlySet<InferenceKind> = new Set(["text-to-video", "image-to-video", "image-text-to-video"]);
const audioKinds: ReadonlySet<InferenceKind> = new Set(["text-to-audio", "audio-to-audio"]);

function mediaOf(kind: InferenceKind): Media {
  if (videoKinds.has(kind)) return "video";
  return audioKinds.has(kind) ? "audio" : "image";
}

/** The file a fal queue snippet saves the media in. */
export function falQueueOutputFile(kind: InferenceKind): string {
  return { image: "output.png", video: "output.mp4", audio: "output.flac" }[mediaOf(kind)];
}

/** Segmentation asks fal for `sync_mode`: fal then answers the mask inline, as a `data:` URL, not a link. */
export const falInlineMedia = (kind: InferenceKind) => kind === "image-segmentation";

/** The recorded paths of one job: the POST, the status polls and the result (each with the router's query, if any). */
export function falQueuePaths(request: InferenceRequest): { post: string; status: string; result: string; media: string } {
  const url = new URL(request.url ?? "");
  const viaRouter = url.hostname === "router.huggingface.co";
  const jobPath = `${url.pathname}/requests/${falRequestId}`;
  return {
    post: `${url.pathname}${url.search}`,
    status: `${jobPath}/status${url.search}`,
    result: `${jobPath}${url.search}`,
    media: `/__fal-media/${viaRouter ? "router" : "direct"}`,
  };
}

/** The content type fal gives a kind's media, in the result and on the download, unless a script says otherwise. */
const mediaTypeOf = (kind: InferenceKind) => usualMediaTypes[mediaOf(kind)];

function falResult(kind: InferenceKind, url: string, key?: string): unknown {
  const content_type = mediaTypeOf(kind);
  if (kind === "image-segmentation") return { image: { url, content_type } };
  if (mediaOf(kind) === "image")
    return { prompt: 'a "url": "https://wrong.test/x" echoed first', images: [{ url, content_type, width: 2, height: 1 }], seed: 1 };
  return { [key ?? mediaOf(kind)]: { url, content_type, file_size: falQueueMedia.length } };
}

const json = (body: unknown): RecorderResponse => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** How the fake queue ends a job: the statuses it answers in turn (the last repeats), and the result's HTTP status. */
export interface FalQueueScript {
  states: readonly string[];
  resultStatus: number;
  /**
   * How the media is served: its content type (the kind's own by default; an inline one's `data:` URL says it), a
   * last URL segment (none by default), and the result's key that holds it (the kind's own by default).
   */
  media?: { contentType: string; fileName?: string; key?: string };
}

/** A job that waits one poll, then completes. */
export const falJobCompletes: FalQueueScript = { states: ["IN_PROGRESS", "COMPLETED"], resultStatus: 200 };

/** Answers one run of a fal queue snippet as fal's queue would; anything else is a 404 the run fails on. */
export function falQueueResponder(request: InferenceRequest, script: FalQueueScript = falJobCompletes): Responder {
  const paths = falQueuePaths(request);
  const url = new URL(request.url ?? "");
  // The router's receipt names fal's host and fal's path (without the router's `/fal-ai` prefix and query).
  const falPath = url.hostname === "router.huggingface.co" ? url.pathname.replace(/^\/fal-ai/, "") : url.pathname;
  const falJob = `https://queue.fal.run${falPath}/requests/${falRequestId}`;
  const { states, resultStatus } = script;
  const mediaPath = script.media?.fileName === undefined ? paths.media : `${paths.media}/${script.media.fileName}`;
  const mediaType = script.media?.contentType ?? mediaTypeOf(request.kind);
  let polls = 0;
  return (recorded: RecordedRequest) => {
    if (recorded.method === "POST" && recorded.path === paths.post) {
      return json({
        request_id: falRequestId,
        status: "IN_QUEUE",
        queue_position: 0,
        response_url: falJob,
        status_url: `${falJob}/status`,
        cancel_url: `${falJob}/cancel`,
      });
    }
    if (recorded.method === "GET" && recorded.path === paths.status) {
      const status = states[Math.min(polls++, states.length - 1)];
      return json({ status, request_id: falRequestId, response_url: falJob, status_url: `${falJob}/status`, queue_position: 0 });
    }
    if (recorded.method === "GET" && recorded.path === paths.result) {
      if (resultStatus !== 200)
        return { status: resultStatus, headers: { "content-type": "application/json" }, body: JSON.stringify({ detail: "the fake job failed" }) };
      const link = falInlineMedia(request.kind)
        ? `data:${mediaType};base64,${falQueueMedia.toString("base64")}`
        : `http://${recorded.headers.host ?? ""}${mediaPath}`;
      return json(falResult(request.kind, link, script.media?.key));
    }
    if (recorded.method === "GET" && recorded.path === mediaPath) return { headers: { "content-type": mediaType }, body: falQueueMedia };
    return {
      status: 404,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ detail: `the fake fal queue has no ${recorded.method} ${recorded.path}` }),
    };
  };
}
