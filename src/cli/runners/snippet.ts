import type { SnippetCommandOptions } from "../commands/snippet.js";
import type { Runner } from "../fast-argv.js";

/** The snippet command, as the fast path and commander run it (dist/snippet.cjs holds it, and dist/cli.cjs). */
export const snippetRunners = {
  snippet: async (model, options) => (await import("../commands/snippet.js")).snippetCommand(model, options as SnippetCommandOptions),
} satisfies Record<string, Runner>;
