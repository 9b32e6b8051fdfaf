// Bundled in place of src/validation/json-error-location.ts: only a record that is not JSON needs jsonc-parser (to
// say where its syntax breaks), so the parser is a bundle of its own (dist/json-error-location.cjs), loaded through
// the loader's __hubSnippetsLoad when asked, rather than started by every run that reads a record (~1M
// instructions of the snippet command on Node 20).
import type { jsonEndsEarly as endsEarly, jsonErrorLocation as located } from "../../../src/validation/json-error-location.js";

type Module = { jsonErrorLocation: typeof located; jsonEndsEarly: typeof endsEarly };

// Loaded once, for the two questions a record that is not JSON asks of it.
let loaded: Module | undefined;
const bundle = (): Module => (loaded ??= __hubSnippetsLoad("json-error-location") as Module);

export function jsonErrorLocation(text: string): string {
  return bundle().jsonErrorLocation(text);
}

export function jsonEndsEarly(text: string): boolean {
  return bundle().jsonEndsEarly(text);
}
