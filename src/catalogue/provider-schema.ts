import * as z from "zod/mini";
import { providerBodyShapes } from "./providers.js";

const text = () => z.string().check(z.minLength(1));
const path = () => z.string().check(z.regex(/^\/[^\s?#]*$/, "must be a path starting with /, without query"));

/** How a route's task is polled to its media after the POST that starts it (Novita's video tasks). */
const TaskPollingSchema = z.strictObject({
  resultPath: z.string().check(z.regex(/^\/[^\s#]*$/, "must be a path starting with /, the task id to follow")),
  idInPath: z.boolean(),
  succeeded: text(),
  failed: z.array(text()).check(z.minLength(1)),
  media: z.enum(["video"]),
  mediaAt: z.array(z.union([text(), z.int().check(z.gte(0))])).check(z.minLength(1)),
  reasonAt: z.array(text()).check(z.minLength(1)),
});

export const ProviderRouteSchema = z.strictObject({
  path: path(),
  versionPath: z.optional(path()),
  body: z.enum(providerBodyShapes),
  directBaseUrl: z.optional(z.url()),
  routerQuery: z.optional(text()),
  headers: z.optional(z.record(text(), text())),
  response: z.optional(z.enum(["bytes", "b64_json"])),
  taskPolling: z.optional(TaskPollingSchema),
});

/** A row of data/providers.json: checked by the test suite, trusted at run time. */
export const ProviderSchema = z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/)),
  label: text(),
  hubOrg: text(),
  directBaseUrl: z.url(),
  tasks: z.array(text()).check(z.minLength(1)),
  openaiCompatibleChat: z.boolean(),
  apiKeyEnv: z.string().check(z.regex(/^[A-Z][A-Z0-9_]*$/)),
  docsKeyEnv: z.optional(z.string().check(z.regex(/^[A-Z][A-Z0-9_]*$/))),
  authScheme: z.optional(text()),
  routerAllowed: z.optional(z.boolean()),
  chatPath: z.optional(path()),
  routes: z.optional(z.record(text(), ProviderRouteSchema)),
});
