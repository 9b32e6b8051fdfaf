// Bundled in place of src/validation/json-error-location.ts: only a record that is not JSON needs jsonc-parser (to
// say where its syntax breaks), so the parser is a bundle of its own (dist/json-error-location.cjs), loaded through
// the loader's __hubSnippetsLoad when asked, rather than started by every run that reads a record (~1M
// instructions of the snippet command on Node 20).
import type { JsonSyntaxError, jsonSyntaxError as described } from "../../../src/validation/json-error-location.js";

type Module = { jsonSyntaxError: typeof described };

export function jsonSyntaxError(text: string): JsonSyntaxError {
  return (__hubSnippetsLoad("json-error-location") as Module).jsonSyntaxError(text);
}
