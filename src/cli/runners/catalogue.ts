import type { Runner } from "../fast-argv.js";
import type { LibrariesListOptions } from "../commands/libraries-list.js";
import type { TasksListOptions } from "../commands/tasks-list.js";

type Json = { json?: boolean };

/**
 * The catalogue's list and show commands, as the fast path and commander run them (dist/catalogue.cjs holds
 * them, and dist/cli.cjs). Each command's module loads only when it runs: `tasks list` never pays for the
 * snippet engine.
 */
export const catalogueRunners = {
  "tasks list": async (_, options) => (await import("../commands/tasks-list.js")).tasksList(options as TasksListOptions),
  "task show": async (id, options) => (await import("../commands/task-show.js")).taskShow(id as string, options as Json),
  "libraries list": async (_, options) => (await import("../commands/libraries-list.js")).librariesList(options as LibrariesListOptions),
  "library show": async (key, options) => (await import("../commands/library-show.js")).libraryShow(key as string, options as Json),
  "apps list": async (_, options) => (await import("../commands/apps.js")).appsList(options as Json & { model?: string }),
  "quant list": async (_, options) => (await import("../commands/quant.js")).quantList(options as Json & { tensor?: boolean }),
  "quant parse": async (fileName, options) => (await import("../commands/quant.js")).quantParse(fileName as string, options as Json),
  "providers list": async (_, options) => (await import("../commands/providers-list.js")).providersList(options as Json & { task?: string; model?: string }),
} satisfies Record<string, Runner>;
