import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

// Its own module, read only when a record is not JSON: the CLI's bundles load it as a bundle of its own
// (scripts/cli-bundle/swaps/json-error-location-bundled.ts), so that jsonc-parser's start-up (~1M instructions)
// is paid by the runs that need it.

/** Where the first JSON syntax error is, as `line L column C` (jsonc-parser finds it when V8 does not say). */
export function jsonErrorLocation(text: string): string {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
  } catch {
    // jsonc-parser recurses per nesting level; past the stack's depth the message goes without a location.
    return "";
  }
  const first = errors[0];
  if (!first) return "";
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return ` at line ${line} column ${column} (${printParseErrorCode(first.error)})`;
}

