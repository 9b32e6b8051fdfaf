import { describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import { parseModelRecord } from "../../src/model/read.js";

/** The one-line message parseModelRecord gives for a text, which must be a UserError. */
function messageFor(text: string): string {
  try {
    parseModelRecord(text, "rec.json");
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error("the text was accepted");
}

// Where the first syntax error is comes from jsonc-parser's parser (V8's own message gives no line on Node 20).
describe("invalid JSON names the line and column of its first error", () => {
  it.each([
    ['{\n  "id": "a/b",\n}', "at line 3 column 1 (PropertyNameExpected)"],
    ['{\n  "id": "a/b"\n  "tags": []\n}', "at line 3 column 3 (CommaExpected)"],
    ['{"id": tru}', "at line 1 column 8 (InvalidSymbol)"],
  ])("%j", (text, where) => {
    const message = messageFor(text);
    expect(message).toMatch(/^rec\.json: invalid JSON /);
    expect(message).toContain(where);
  });

  it("says a text cut short ends early, with where (issue 56, 16)", () => {
    const message = messageFor('{"id": "a/b"');
    expect(message).toMatch(/^rec\.json: the file ends early /);
    expect(message).toContain("at line 1 column 13 (CloseBraceExpected)");
  });
});
