import type { Snippet } from "../../src/code/snippet.js";
import type { Runtime } from "./run-snippet.js";

/** The raw HTTP clients, which the tests execute against the recorder, and the runtime each one needs. */
export const rawClients = {
  curl: { language: "sh", runtime: "curl" },
  requests: { language: "python", runtime: "python3-requests" },
  fetch: { language: "js", runtime: "node" },
} as const satisfies Record<string, { language: Snippet["language"]; runtime: Runtime }>;

export type RawClient = keyof typeof rawClients;

export const rawClientNames = Object.keys(rawClients) as RawClient[];

export const isRawClient = (client: string): client is RawClient => Object.hasOwn(rawClients, client);
