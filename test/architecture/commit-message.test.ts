import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts folder, without types
import { commitMessageProblems } from "../../scripts/check-commit-message.mjs";

const problems = commitMessageProblems as (message: string) => string[];

describe("the commit convention (.githooks/commit-msg)", () => {
  it("takes a short imperative subject, a blank line and a body", () => {
    expect(problems("Add test groups for a fast loop\n\nThe reasons and the numbers.\n")).toEqual([]);
    expect(problems("Fix the footer\n")).toEqual([]);
    expect(problems("Fix the footer\n# Please enter the commit message\n")).toEqual([]);
  });

  it("refuses a subject over 72 characters, an empty one, a full stop, a missing blank line", () => {
    expect(problems(`${"x".repeat(73)}\n`)).toEqual([expect.stringContaining("73 characters")]);
    expect(problems(`${"é".repeat(72)}\n`)).toEqual([]);
    expect(problems("\n\nbody\n")).toEqual([expect.stringContaining("empty")]);
    expect(problems("Fix the footer.\n")).toEqual([expect.stringContaining("full stop")]);
    expect(problems("Fix the footer\nbecause it moved\n")).toEqual([expect.stringContaining("blank")]);
  });
});
