import * as z from "zod/mini";
import { providerBodyShapes } from "./providers.js";

const text = () => z.string().check(z.minLength(1));
const path = () => z.string().check(z.regex(/^\/[^\s?#]*$/, "must be a path starting with /, without query"));

export const ProviderRouteSchema = z.strictObject({
  path: path(),
  versionPath: z.optional(path()),
  body: z.enum(providerBodyShapes),
  directBaseUrl: z.optional(z.url()),
  routerQuery: z.optional(text()),
  headers: z.optional(z.record(text(), text())),
  response: z.optional(z.enum(["bytes", "b64_json"])),
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
