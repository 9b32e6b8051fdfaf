import type { InferenceRequest } from "../../src/inference/request.js";
import type { RecordedRequest, RecorderResponse, Responder } from "./recorder.js";

/*
 * Novita's video tasks as a raw snippet meets them (through the router, or api.novita.ai pointed at the recorder):
 * the POST answers a task id, the result answers "in progress", then success with a link to the video (at the
 * recorder), or a failure with Novita's reason. The paths are written here from what @huggingface/inference polls,
 * not from the request description. One responder per run: it counts polls.
 */

export const novitaTaskId = "task-7";
export const novitaVideo: Buffer = Buffer.from("novita-video-bytes");
export const novitaOutputFile = "output.mp4";
export const novitaFailure = "the fake task ran out of credits";

/** Whether a raw request starts one of Novita's video tasks. */
export function isNovitaTask(request: InferenceRequest): boolean {
  return request.call?.provider.id === "novita" && (request.kind === "text-to-video" || request.kind === "image-text-to-video");
}

const isMiniMax = (request: InferenceRequest) => request.kind === "image-text-to-video";

/** The recorded paths of one task: the POST, the result polls, and the video (a query with `&` in it). */
export function novitaTaskPaths(request: InferenceRequest): { post: string; poll: string; video: string } {
  const url = new URL(request.url ?? "");
  const prefix = url.hostname === "router.huggingface.co" ? "/novita" : "";
  const poll = isMiniMax(request) ? `${prefix}/v3/minimax/v2/query/video_generation/${novitaTaskId}` : `${prefix}/v3/async/task-result?task_id=${novitaTaskId}`;
  return { post: `${url.pathname}${url.search}`, poll, video: "/__novita-video/clip.mp4?sig=a&exp=1" };
}

/** How the fake task ends. */
export type NovitaOutcome = "succeeds" | "fails";

/** Novita's answers to a poll: its async task result (text-to-video), or MiniMax's query (image-text-to-video). */
function answerOf(request: InferenceRequest, state: "running" | NovitaOutcome, videoUrl: string): string {
  if (isMiniMax(request)) {
    const status = { running: "running", succeeds: "succeeded", fails: "failed" }[state];
    const task = {
      task_id: novitaTaskId,
      status,
      ...(state === "succeeds" ? { content: { url: videoUrl } } : {}),
      ...(state === "fails" ? { error: { message: novitaFailure } } : {}),
    };
    return JSON.stringify({ task, base_resp: { status_code: 0, status_msg: "success" } });
  }
  const status = { running: "TASK_STATUS_PROCESSING", succeeds: "TASK_STATUS_SUCCEED", fails: "TASK_STATUS_FAILED" }[state];
  const task = { task_id: novitaTaskId, task_type: "TXT_TO_VIDEO", status, reason: state === "fails" ? novitaFailure : "", progress_percent: 50 };
  const videos = state === "succeeds" ? [{ video_url: videoUrl, video_url_ttl: "3600", video_type: "mp4" }] : [];
  // Novita's JSON may escape `/` and `&` (as Go's encoder does): every client must read the URL all the same.
  return JSON.stringify({ task, images: [], videos }).replaceAll("/", "\\/").replaceAll("&", "\\u0026");
}

const json = (body: string): RecorderResponse => ({ headers: { "content-type": "application/json" }, body });

/** Answers one run of a Novita task snippet: one poll in progress, then the outcome; anything else is a 404. */
export function novitaTaskResponder(request: InferenceRequest, outcome: NovitaOutcome = "succeeds"): Responder {
  const paths = novitaTaskPaths(request);
  let polls = 0;
  return (recorded: RecordedRequest) => {
    const videoUrl = `http://${recorded.headers.host ?? ""}${paths.video}`;
    if (recorded.method === "POST" && recorded.path === paths.post) return json(JSON.stringify({ task_id: novitaTaskId }));
    if (recorded.method === "GET" && recorded.path === paths.poll) return json(answerOf(request, polls++ === 0 ? "running" : outcome, videoUrl));
    if (recorded.method === "GET" && recorded.path === paths.video) return { headers: { "content-type": "video/mp4" }, body: novitaVideo };
    return {
      status: 404,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: `the fake Novita has no ${recorded.method} ${recorded.path}` }),
    };
  };
}

/** What a successful run must have done after its POST: two polls (in progress, success), then one video download. */
export function novitaTaskProblems(request: InferenceRequest, requests: RecordedRequest[], authorization: string): string[] {
  const problems: string[] = [];
  const paths = novitaTaskPaths(request);
  const rest = requests.slice(1);
  const posts = requests.filter((r) => r.method === "POST").length;
  if (posts !== 1) problems.push(`expected one POST, the recorder saw ${posts}`);
  const polls = rest.filter((r) => r.method === "GET" && r.path === paths.poll);
  if (polls.length !== 2) problems.push(`expected 2 polls (until success) at ${paths.poll}, saw ${polls.length}`);
  const downloads = rest.filter((r) => r.method === "GET" && r.path === paths.video).length;
  if (downloads !== 1) problems.push(`expected one video download at ${paths.video}, saw ${downloads}`);
  if (rest.at(-1)?.path !== paths.video) problems.push("the video was not the last request");
  const billTo = requests[0]?.headers["x-hf-bill-to"];
  for (const poll of polls) {
    if (poll.headers.authorization !== authorization) problems.push(`a poll sent authorization ${JSON.stringify(poll.headers.authorization)}`);
    if (poll.headers["x-hf-bill-to"] !== billTo)
      problems.push(`a poll sent x-hf-bill-to ${JSON.stringify(poll.headers["x-hf-bill-to"])}, the POST ${JSON.stringify(billTo)}`);
  }
  for (const r of rest.filter((r) => r.path !== paths.poll && r.path !== paths.video)) problems.push(`unexpected ${r.method} ${r.path}`);
  return problems;
}
