import { describe, expect, it } from "vitest";
import { runCliBatch } from "../helpers/cli-batch.js";
import { expectOneDiagnosticLine } from "../helpers/snippet-cli.js";

const run = async (...args: string[]) => (await runCliBatch([{ args }]))[0]!;

describe("an option that cannot apply says so (issue 56, 9)", () => {
  it("--stream on a model without chat exits 1 (nothing for the option) and says why", async () => {
    const outcome = await run("snippet", "example:flux.1-dev", "--stream");
    expect(outcome.code, outcome.stderr).toBe(1);
    expect(outcome.stdout).toBe("");
    expectOneDiagnosticLine(outcome.stderr, "--stream does not apply", "only chat snippets stream", "text-to-image");
  });

  it("--stream on a chat model still streams", async () => {
    const outcome = await run("snippet", "example:llama-3.1-8b-instruct", "--stream", "--lang", "python", "--client", "requests");
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain("stream=True");
  });

  it("--stream with a library's client names the option, not a missing snippet", async () => {
    const outcome = await run("snippet", "example:bart-large-mnli", "--stream", "--client", "transformers");
    expect(outcome.code, outcome.stderr).toBe(2);
    expectOneDiagnosticLine(outcome.stderr, "--stream is an inference option; it has no meaning with --client transformers");
    expect(outcome.stderr).not.toContain("no transformers snippet");
  });
});

describe("every list takes --json (issue 56, 13)", () => {
  it("snippet --provider --json lists the live providers as one JSON array", async () => {
    const outcome = await run("snippet", "example:flux.1-dev", "--provider", "--json");
    expect(outcome.code, outcome.stderr).toBe(0);
    const providers = JSON.parse(outcome.stdout) as string[];
    expect(providers).toContain("fal-ai");
    const plain = await run("snippet", "example:flux.1-dev", "--provider");
    expect(providers).toEqual(plain.stdout.trim().split("\n"));
  });
});

describe("a record with no code leads with what it is (issue 56, 14)", () => {
  it("starts with 'no code for <id>:', then the reasons of each kind", async () => {
    const outcome = await runCliBatch([{ args: ["snippet", "-"], input: JSON.stringify({ id: "acme/mystery" }) }]);
    expect(outcome[0]!.code).toBe(1);
    expectOneDiagnosticLine(outcome[0]!.stderr, /^hub-snippets: no code for acme\/mystery: inference: /, "library:", "app:");
  });
});

describe("--direct reads the key names the providers' own docs use (issue 56, 22)", () => {
  it("reads REPLICATE_API_TOKEN first, then REPLICATE_API_KEY, in every language, and says so", async () => {
    const outcome = await run("snippet", "example:flux.1-dev", "--provider", "replicate", "--direct", "--json");
    expect(outcome.code, outcome.stderr).toBe(0);
    const snippets = JSON.parse(outcome.stdout) as { language: string; client: string; content: string }[];
    const byClient = Object.fromEntries(snippets.map((snippet) => [`${snippet.language}/${snippet.client}`, snippet.content]));
    expect(byClient["python/requests"]).toContain("os.environ.get('REPLICATE_API_TOKEN') or os.environ['REPLICATE_API_KEY']");
    expect(byClient["js/fetch"]).toContain("process.env.REPLICATE_API_TOKEN ?? process.env.REPLICATE_API_KEY");
    expect(byClient["sh/curl"]).toContain("${REPLICATE_API_TOKEN:-$REPLICATE_API_KEY}");
    expectOneDiagnosticLine(outcome.stderr, "reads Replicate's key from REPLICATE_API_TOKEN", "else from REPLICATE_API_KEY");
  });

  it("lets fal_client read FAL_KEY itself, setting it from FAL_AI_API_KEY only where it is not set", async () => {
    const outcome = await run("snippet", "example:flux.1-dev", "--provider", "fal-ai", "--direct", "--lang", "python", "--client", "fal_client");
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain('if "FAL_KEY" not in os.environ:\n    os.environ["FAL_KEY"] = os.environ["FAL_AI_API_KEY"]');
    expect(outcome.stderr).toContain("from FAL_KEY");
  });

  it("says nothing of the kind through the router", async () => {
    const outcome = await run("snippet", "example:flux.1-dev", "--provider", "replicate", "--lang", "sh");
    expect(outcome.stderr).not.toContain("REPLICATE_API_TOKEN");
    expect(outcome.stdout).toContain("$HF_TOKEN");
  });
});
