import { startRecorder, type RecordedRequest, type Recorder, type Responder } from "./recorder.js";
import { runSnippet, type RunnableSnippet, type SnippetRun } from "./run-snippet.js";

/** One snippet to execute, and how the recorder answers it. */
export interface PoolJob {
  snippet: RunnableSnippet;
  responder: Responder;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * For SDK snippets: the text runs unchanged, and a redirect loaded at start-up (a Node preload, or Python's
   * sitecustomize on PYTHONPATH) sends every request to the recorder named by HUB_SNIPPETS_TEST_ORIGIN.
   * Without it, the router's origin in the text is replaced by the recorder's.
   */
  redirect?: { python?: string; nodeArgs?: string[] };
}

/** What one execution produced: the process result and every request its own recorder saw meanwhile. */
export type PoolOutcome =
  { ok: true; run: SnippetRun; requests: RecordedRequest[]; origin: string } | { ok: false; error: string; requests: RecordedRequest[]; origin: string };

interface Slot {
  recorder: Recorder;
  responder: Responder;
}

/**
 * A fixed number of workers, each with its own recorder and running one snippet at a time, so every
 * recorded request belongs to exactly one run while at most `size` processes are alive at once.
 */
export class RecorderPool {
  private constructor(private readonly slots: Slot[]) {}

  static async start(size: number): Promise<RecorderPool> {
    const slots: Slot[] = [];
    for (let i = 0; i < size; i++) {
      const slot: Slot = { recorder: undefined as unknown as Recorder, responder: () => ({ status: 500, body: "no responder set\n" }) };
      slot.recorder = await startRecorder((req) => slot.responder(req));
      slots.push(slot);
    }
    return new RecorderPool(slots);
  }

  /** The origin of the first recorder (they all listen on the same host). */
  get origin(): string {
    return this.slots[0]?.recorder.origin ?? "";
  }

  /** Runs every job, at most `size` at a time, and returns the outcomes in job order. */
  async runAll(jobs: PoolJob[]): Promise<PoolOutcome[]> {
    const outcomes: PoolOutcome[] = new Array<PoolOutcome>(jobs.length);
    let next = 0;
    const work = async (slot: Slot) => {
      while (next < jobs.length) {
        const index = next++;
        const job = jobs[index] as PoolJob;
        slot.recorder.reset();
        slot.responder = job.responder;
        const origin = slot.recorder.origin;
        try {
          const run = await runSnippet(
            job.snippet,
            job.redirect
              ? { ...job.redirect, env: { ...job.env, HUB_SNIPPETS_TEST_ORIGIN: origin }, timeoutMs: job.timeoutMs }
              : { origin, env: job.env, timeoutMs: job.timeoutMs },
          );
          outcomes[index] = { ok: true, run, requests: [...slot.recorder.requests], origin };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          outcomes[index] = { ok: false, error: message, requests: [...slot.recorder.requests], origin };
        }
        slot.recorder.reset();
      }
    };
    await Promise.all(this.slots.map(work));
    return outcomes;
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.recorder.close()));
  }
}
