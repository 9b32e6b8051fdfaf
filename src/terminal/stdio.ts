/**
 * Node's stdout and stderr streams, through one door: whether a run built them decides how it may end. Output
 * written straight to a file descriptor (cli/output.ts) is on its way when the call returns; a stream may still hold
 * some (a full non-blocking pipe, a terminal on Windows), which only Node's own exit waits for.
 */
let built = false;

/** process.stdout (fd 1) or process.stderr (fd 2), noted as built. */
export function stdioStream(fd: 1 | 2): NodeJS.WriteStream {
  built = true;
  return fd === 1 ? process.stdout : process.stderr;
}

/** True once this run has built either stream (through stdioStream). */
export function stdioStreamBuilt(): boolean {
  return built;
}
