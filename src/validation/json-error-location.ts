import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

// Its own module, read only when a record is not JSON: the CLI's bundles load it as a bundle of its own
// (scripts/cli-bundle/swaps/json-error-location-bundled.ts), so that jsonc-parser's start-up (~1M instructions)
// is paid by the runs that need it.

/** The first JSON syntax error, or undefined (none, or nested past the stack's depth). */
function firstError(text: string): ParseError | undefined {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
  } catch {
    // jsonc-parser recurses per nesting level; past the stack's depth the message goes without a location.
    return undefined;
  }
  return errors[0];
}

/**
 * Whether the text is JSON cut short (an interrupted download): its first syntax error is a string left open, or
 * an error where the text ends.
 */
export function jsonEndsEarly(text: string): boolean {
  const first = firstError(text);
  if (!first) return false;
  return printParseErrorCode(first.error) === "UnexpectedEndOfString" || first.offset >= text.trimEnd().length;
}

/** Where the first JSON syntax error is, as `line L column C` (jsonc-parser finds it when V8 does not say). */
export function jsonErrorLocation(text: string): string {
  const first = firstError(text);
  if (!first) return "";
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return ` at line ${line} column ${column} (${printParseErrorCode(first.error)})`;
}

