import { readFileSync } from "node:fs";

/**
 * Reads a JSON file that ships with the package. The data is checked against its zod schema by the test
 * suite, so the run-time path skips that cost and trusts the declared type.
 */
export function readPackagedJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
