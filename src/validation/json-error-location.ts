import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

// Its own module, read only when a record is not JSON: the CLI's bundles load it as a bundle of its own
// (scripts/cli-bundle/swaps/json-error-location-bundled.ts), so that jsonc-parser's start-up
// is paid by the runs that need it (docs/performance.md, "Measured choices").

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

/** What the first JSON syntax error says: where it is (` at line L column C (Code)`, or empty), and whether the text is cut short. */
export interface JsonSyntaxError {
  location: string;
  /** An interrupted download: the first error is a string left open, or an error where the text ends. */
  endsEarly: boolean;
}

/** The first JSON syntax error of a text JSON.parse refused, read once (jsonc-parser finds it when V8 does not say). */
export function jsonSyntaxError(text: string): JsonSyntaxError {
  const first = firstError(text);
  if (!first) return { location: "", endsEarly: false };
  const code = printParseErrorCode(first.error);
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return { location: ` at line ${line} column ${column} (${code})`, endsEarly: code === "UnexpectedEndOfString" || first.offset >= text.trimEnd().length };
}
