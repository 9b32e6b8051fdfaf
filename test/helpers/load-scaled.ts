import { availableParallelism, loadavg } from "node:os";

/**
 * A timeout for a test that waits on many processes: `ms` on a quiet machine, stretched by how many runnable
 * processes share each core when the file loads (up to 8×). A fresh-clone CI beside seven other processes on two
 * cores (load 10–17) ran such tests 3–5× slower than at rest, and fixed timeouts failed them (issue 65, 6).
 */
export function loadScaled(ms: number): number {
  const perCore = (loadavg()[0] ?? 0) / availableParallelism();
  return Math.round(ms * Math.min(8, Math.max(1, perCore)));
}
