import * as z from "zod/mini";
import { inferenceKinds } from "./inference-kinds.js";

const text = () => z.string().check(z.minLength(1));

/**
 * What one SDK version cannot do for a provider, as read from that version: `no-snippet`, the client writes no
 * snippet for the call (it would fail or silently do something else); `keep-alive`, the snippet works only when it
 * holds the process open while the SDK polls.
 */
const SdkGapSchema = z.strictObject({
  provider: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/)),
  kinds: z.union([z.literal("all"), z.array(z.enum(inferenceKinds)).check(z.minLength(1))]),
  /** Only when the provider's mapping names an adapter of this kind. */
  adapter: z.optional(z.literal("lora")),
  effect: z.enum(["no-snippet", "keep-alive"]),
  /** What goes wrong, in one short sentence. */
  reason: text(),
  /** The SDK package and the version the gap was read from. */
  package: text(),
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+$/, "must be the exact version read, x.y.z")),
});

/** data/client-gaps.json: each client's SDK gaps, keyed `<language>/<client>` as the client table names the client. */
export const ClientGapsSchema = z.record(z.string().check(z.regex(/^[a-z]+\/[^/\s]+$/)), z.array(SdkGapSchema));

export type SdkGap = z.infer<typeof SdkGapSchema>;
