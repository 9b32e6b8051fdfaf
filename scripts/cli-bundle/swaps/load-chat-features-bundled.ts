// Bundled in place of src/inference/load-chat-features.ts: the code only --policy, --json-schema and --tools
// run is a bundle of its own, dist/chat-features.cjs, loaded through the loader's __hubSnippetsLoad on first use.
// Its UserError is that bundle's own class: each function's UserError is thrown again as this bundle's, so that the
// CLI prints it as one line with its exit code.
import { UserError, type ExitCodeValue } from "../../../src/errors.js";
import type * as ChatFeatures from "../../../src/inference/chat-features.js";

type Features = typeof ChatFeatures;

function asOurError(error: unknown): unknown {
  if (error instanceof Error && error.name === "UserError" && !(error instanceof UserError)) {
    return new UserError(error.message, (error as Error & { exitCode: ExitCodeValue }).exitCode);
  }
  return error;
}

let loaded: Features | undefined;

export function loadChatFeatures(): Features {
  if (loaded !== undefined) return loaded;
  const bundle = __hubSnippetsLoad("chat-features") as Record<string, (...args: unknown[]) => unknown>;
  const wrapped: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(bundle)) {
    wrapped[name] = (...args: unknown[]) => {
      try {
        return run(...args);
      } catch (error) {
        throw asOurError(error);
      }
    };
  }
  return (loaded = wrapped as unknown as Features);
}
