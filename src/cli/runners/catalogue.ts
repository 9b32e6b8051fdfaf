import type { Runner } from "../fast-argv.js";
import type { LibrariesListOptions } from "../commands/libraries-list.js";
import type { TasksListOptions } from "../commands/tasks-list.js";

/** The catalogue's list and show commands, as the fast path runs them (dist/catalogue.cjs holds them, and dist/cli.cjs). */
export const catalogueRunners = {
  "tasks list": async (_, options) => (await import("../commands/tasks-list.js")).tasksList(options as TasksListOptions),
  "task show": async (id, options) => (await import("../commands/task-show.js")).taskShow(id as string, options),
  "libraries list": async (_, options) => (await import("../commands/libraries-list.js")).librariesList(options as LibrariesListOptions),
  "library show": async (key, options) => (await import("../commands/library-show.js")).libraryShow(key as string, options),
  "apps list": async (_, options) => (await import("../commands/apps.js")).appsList(options),
  "quant list": async (_, options) => (await import("../commands/quant.js")).quantList(options),
  "quant parse": async (fileName, options) => (await import("../commands/quant.js")).quantParse(fileName as string, options),
  "providers list": async (_, options) => (await import("../commands/providers-list.js")).providersList(options),
} satisfies Record<string, Runner>;
