import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { expectNoMatchError, expectUsageError } from "../helpers/snippet-cli.js";

/* `snippet --policy`: the router's provider policy in the chat snippets, and its refusals (exit 2, one line). */

const llama = "example:llama-3.1-8b-instruct";

describe("hub-snippets snippet --policy", () => {
  it("writes <id>:<policy> into the chat snippet and names the live providers on stderr", () => {
    const { stdout, stderr, code } = runCli(["snippet", llama, "--policy", "cheapest", "--lang", "python", "--client", "openai"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('model="meta-llama/Llama-3.1-8B-Instruct:cheapest"');
    expect(stderr).toMatch(
      /^hub-snippets: meta-llama\/Llama-3\.1-8B-Instruct:cheapest: the router sends each request to the provider with the lowest price per output token/m,
    );
    expect(stderr).toContain("among its live providers: ");
  });

  it("asks for the inference kind alone, in every chat client", () => {
    const { stdout, code } = runCli(["snippet", llama, "--policy", "preferred", "--json"]);
    expect(code).toBe(0);
    const items = JSON.parse(stdout) as { kind: string; client: string; content: string }[];
    expect(new Set(items.map((item) => item.kind))).toEqual(new Set(["inference"]));
    expect(items.map((item) => item.client).sort()).toEqual(["curl", "fetch", "huggingface.js", "huggingface_hub", "openai", "openai", "requests"]);
    for (const item of items) expect(item.content).toContain("meta-llama/Llama-3.1-8B-Instruct:preferred");
  });

  it("refuses an unknown policy", () => {
    expectNoMatchError(runCli(["snippet", llama, "--policy", "slowest"]), "unknown policy 'slowest'; one of: fastest, cheapest, preferred");
    expectNoMatchError(runCli(["snippet", llama, "--policy", "fastst"]), "unknown policy 'fastst'; did you mean fastest?");
  });

  it("refuses --provider beside it, naming the option to drop, before reading the record", () => {
    expectUsageError(runCli(["snippet", "missing-file.json", "--policy", "fastest", "--provider", "together"]), "drop --provider");
    expectUsageError(runCli(["snippet", llama, "--policy", "fastest", "--provider"]), "drop --provider");
    expectUsageError(runCli(["snippet", llama, "--policy", "fastest", "--provider", "together", "--direct"]), "drop --direct");
    expectUsageError(runCli(["snippet", llama, "--policy", "fastest", "--endpoint-url", "https://example.com"]), "--endpoint-url");
  });

  it("refuses a task other than chat, and a record without a live provider", () => {
    expectNoMatchError(runCli(["snippet", "example:flux.1-dev", "--policy", "fastest"]), "chat completions only", "text-to-image: drop --policy");
    expectNoMatchError(
      runCli(["snippet", "--id", "acme/chat", "--task", "text-generation", "--tag", "conversational", "--policy", "fastest"]),
      "no live provider to choose among",
    );
  });

  it("has no meaning with --library or --app", () => {
    expectUsageError(runCli(["snippet", llama, "--policy", "fastest", "--library"]), "--policy is an inference option; it has no meaning with --library");
  });

  it("reaches the notebook too", () => {
    const { stdout, code } = runCli(["snippet", llama, "--policy", "fastest", "--notebook"]);
    expect(code).toBe(0);
    const cells = (JSON.parse(stdout) as { cells: { cell_type: string; source: string[] }[] }).cells
      .filter((cell) => cell.cell_type === "code")
      .map((cell) => cell.source.join(""));
    expect(cells.filter((cell) => cell.includes("meta-llama/Llama-3.1-8B-Instruct:fastest")).length).toBe(3);
  });

  it("is in --help", () => {
    const { stdout } = runCli(["snippet", "--help"]);
    expect(stdout).toContain("--policy <policy>");
    expect(stdout.replace(/\s+/g, " ")).toContain("fastest (highest throughput, the router's default), cheapest (lowest price per output token) or preferred");
  });
});
