import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

let configured = false;

/**
 * Configures zod before a record is validated, once per process: every parse path (the CLI's commands, the library's
 * readers, a record made from flags) calls this, so their messages read alike. Called on the first parse, not when a
 * module loads, so that a command that parses nothing pays nothing.
 */
export function configureZod(): void {
  if (configured) return;
  configured = true;
  // One record is validated per run: interpreting the schema beats compiling it to a function first.
  // English messages ("expected array, received string") rather than zod/mini's bare "Invalid input".
  config({ jitless: true, ...en() });
}
