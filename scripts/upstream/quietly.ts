/*
 * Upstream's generators log what they refuse (an unknown provider, a release whose call signature differs) on the
 * console; the radar's stdout is the report alone, and its stderr its own errors. Their logging is silenced while
 * they run.
 */
const methods = ["log", "info", "warn", "error", "debug"] as const;

export function quietly<T>(run: () => T): T {
  const saved = methods.map((method) => console[method]);
  for (const method of methods) console[method] = () => {};
  try {
    return run();
  } finally {
    methods.forEach((method, index) => (console[method] = saved[index] as (typeof console)[typeof method]));
  }
}
