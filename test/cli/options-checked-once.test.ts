import { beforeEach, describe, expect, it, vi } from "vitest";

/*
 * One command line checks its options once (issue 64): the snippet command checks them before it reads the
 * record, and the decision takes them as checked instead of checking them again (checkPolicy ran 4 times and
 * checkOptions twice). Counted in process, the CLI's output written into an array.
 */

// An option check is a call of checkOptions or checkCallOptions from another module (checkOptions's own call of
// checkCallOptions is inside the module, and not counted).
const counts = vi.hoisted(() => ({ checkPolicy: 0, optionChecks: 0 }));
const written = vi.hoisted((): string[] => []);

vi.mock("../../src/inference/policy.js", async (original) => {
  const actual = await original<typeof import("../../src/inference/policy.js")>();
  return { ...actual, checkPolicy: (value: string | undefined) => (counts.checkPolicy++, actual.checkPolicy(value)) };
});
vi.mock("../../src/inference/options.js", async (original) => {
  const actual = await original<typeof import("../../src/inference/options.js")>();
  return {
    ...actual,
    checkOptions: (options: Parameters<typeof actual.checkOptions>[0]) => (counts.optionChecks++, actual.checkOptions(options)),
    checkCallOptions: (options: Parameters<typeof actual.checkCallOptions>[0]) => (counts.optionChecks++, actual.checkCallOptions(options)),
  };
});
vi.mock("../../src/cli/output.js", async (original) => {
  const actual = await original<typeof import("../../src/cli/output.js")>();
  return { ...actual, writeStdout: (text: string | Uint8Array) => written.push(String(text)), warn: (line: string) => written.push(line) };
});

const { snippetCommand } = await import("../../src/cli/commands/snippet.js");
const { checkOptions } = await import("../../src/inference/options.js");

const chatRecord = "examples/qwen2.5-7b-instruct.json";

beforeEach(() => {
  counts.checkPolicy = 0;
  counts.optionChecks = 0;
  written.length = 0;
});

describe("a snippet command line checks its options once", () => {
  it("a default answer: the options once, no policy to check", async () => {
    await snippetCommand(chatRecord, {});
    expect(written.join("")).toContain("chat.completions");
    expect(counts).toEqual({ checkPolicy: 0, optionChecks: 1 });
  });

  it("with --policy: the policy once, among the options checked once", async () => {
    await snippetCommand("examples/llama-3.1-8b-instruct.json", { policy: "cheapest", lang: "python", client: "openai" });
    expect(written.join("")).toContain(':cheapest"');
    expect(counts).toEqual({ checkPolicy: 1, optionChecks: 1 });
  });

  it("the counts see every check: the library's own check of a policy counts once", () => {
    expect(() => checkOptions({ policy: "slowest" })).toThrow(/unknown policy 'slowest'/);
    expect(counts).toEqual({ checkPolicy: 1, optionChecks: 1 });
  });
});
