import { describe, expect, it } from "vitest";
import { listProviders } from "../../src/catalogue/providers.js";
import { runCli } from "../helpers/cli.js";
import { expectOneDiagnosticLine, expectNoMatchError, expectUsageError, llama, scratchFile } from "../helpers/snippet-cli.js";

const fixture = (name: string) => new URL(`../fixtures/providers/${name}.json`, import.meta.url).pathname;
const flux = fixture("flux-mapped");
const llamaList = fixture("llama-mapped-list");

describe("hub-snippets snippet --provider", () => {
  it("goes through the router with HF_TOKEN and the provider's route and model id from the record's mapping", () => {
    const { stdout, code } = runCli(["snippet", flux, "--provider", "fal-ai", "--lang", "sh", "--client", "curl"]);
    expect(code).toBe(0);
    expect(stdout).toContain("'https://router.huggingface.co/fal-ai/fal-ai/flux/dev?_subdomain=queue'");
    expect(stdout).toContain('"Authorization: Bearer $HF_TOKEN"');
    expect(stdout).not.toContain("may name it differently");
  });

  it("--direct calls the provider's own URL with its own key", () => {
    const { stdout, code } = runCli(["snippet", flux, "--provider", "replicate", "--direct", "--lang", "python", "--client", "requests"]);
    expect(code).toBe(0);
    expect(stdout).toContain('API_URL = "https://api.replicate.com/v1/models/black-forest-labs/flux-dev/predictions"');
    expect(stdout).toContain("os.environ['REPLICATE_API_KEY']");
  });

  it("chat through the router names the model `<id>:<provider>`; directly, the provider's id", () => {
    const routed = runCli(["snippet", llamaList, "--provider", "cerebras", "--lang", "js", "--client", "fetch"]);
    expect(routed.stdout).toContain('model: "meta-llama/Llama-3.1-8B-Instruct:cerebras"');
    const direct = runCli(["snippet", llamaList, "--provider", "cerebras", "--direct", "--lang", "js", "--client", "openai"]);
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain('baseURL: "https://api.cerebras.ai/v1"');
    expect(direct.stdout).toContain('model: "llama3.1-8b"');
    expect(direct.stdout).toContain("process.env.CEREBRAS_API_KEY");
  });

  it("without a mapping, a direct call uses the Hub id and says the provider may name it differently", () => {
    const { stdout, code } = runCli(["snippet", llama, "--provider", "groq", "--direct", "--lang", "sh"]);
    expect(code).toBe(0);
    expect(stdout).toContain("# The model's id on the Hub: the provider may name it differently");
    expect(stdout).toContain("'https://api.groq.com/openai/v1/chat/completions'");
  });

  it("a provider that does not serve the task exits 1 and names those that do", () => {
    const { stdout, stderr, code } = runCli(["snippet", flux, "--provider", "cerebras"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "does not serve text-to-image", "fal-ai", "together");
  });

  it("an unknown provider exits 1 with the nearest id", () => {
    expectNoMatchError(runCli(["snippet", flux, "--provider", "togther"]), "unknown provider 'togther'", "did you mean together");
  });

  it("--direct with auto exits 2", () => {
    expectUsageError(runCli(["snippet", flux, "--provider", "auto", "--direct"]), "--direct");
  });

  it("--provider with no id lists the record's live providers, one per line", () => {
    for (const [file, expected] of [
      [flux, "fal-ai\nreplicate\n"],
      [llamaList, "cerebras\nnovita\n"],
    ] as const) {
      const { stdout, stderr, code } = runCli(["snippet", file, "--provider"]);
      expect(code, stderr).toBe(0);
      expect(stdout).toBe(expected);
    }
  });

  it("--provider with no id on a record without a mapping exits 1", () => {
    const { stdout, code } = runCli(["snippet", llama, "--provider"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
  });

  it("a mapping of the wrong shape is a validation error naming its path", () => {
    const bad = scratchFile(
      "bad-mapping.json",
      JSON.stringify({ id: "a/b", pipeline_tag: "text-to-image", inferenceProviderMapping: { "fal-ai": { providerId: 3 } } }),
    );
    expectUsageError(runCli(["snippet", bad]), "inferenceProviderMapping");
  });
});

describe("hub-snippets providers list", () => {
  it("lists every provider of the table, one row each", () => {
    const { stdout, code } = runCli(["providers", "list"]);
    expect(code).toBe(0);
    for (const provider of listProviders()) expect(stdout).toMatch(new RegExp(`^${provider.id}\\s`, "m"));
  });

  it("--task keeps the providers that serve it; --json prints the rows", () => {
    const { stdout, code } = runCli(["providers", "list", "--task", "text-to-video", "--json"]);
    expect(code).toBe(0);
    const ids = (JSON.parse(stdout) as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(listProviders({ task: "text-to-video" }).map((provider) => provider.id));
    expect(ids).toContain("fal-ai");
  });

  it("--model lists the record's live providers with their model ids", () => {
    const { stdout, code } = runCli(["providers", "list", "--model", flux, "--json"]);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as { id: string; providerModelId: string }[];
    expect(rows.map((row) => [row.id, row.providerModelId])).toEqual([
      ["fal-ai", "fal-ai/flux/dev"],
      ["replicate", "black-forest-labs/flux-dev"],
    ]);
  });

  it("a task no provider serves exits 1", () => {
    const { stdout, code } = runCli(["providers", "list", "--task", "no-such-task"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
  });
});

describe("hub-snippets snippet: the providers the record names", () => {
  const qwen = new URL("../../examples/qwen2.5-7b-instruct.json", import.meta.url).pathname;

  it("by default, leaves the choice to the router among the record's live providers, with no note", () => {
    const { stdout, stderr, code } = runCli(["snippet", qwen, "--lang", "python", "--client", "huggingface_hub"]);
    expect(code).toBe(0);
    expect(stdout).toContain('InferenceClient(provider="auto"');
    expect(stdout).not.toMatch(/novita|nscale|hf-inference/);
    expect(stderr).toBe("");
  });

  it("a staging provider asked for is used, with a warning on stderr", () => {
    const { stdout, stderr, code } = runCli(["snippet", qwen, "--provider", "nscale", "--lang", "sh", "--client", "curl"]);
    expect(code).toBe(0);
    expect(stdout).toContain('"model": "Qwen/Qwen2.5-7B-Instruct:nscale"');
    expectOneDiagnosticLine(stderr, "'nscale' is in staging for this model");
  });

  it("an erroring provider asked for exits 1 with the reason", () => {
    const { stdout, stderr, code } = runCli(["snippet", qwen, "--provider", "novita"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "'novita' reports an error for this model");
  });

  it("--provider picks inference snippets only; --client names a library or an app across kinds", () => {
    const inference = JSON.parse(runCli(["snippet", qwen, "--provider", "auto", "--json"]).stdout) as { kind: string }[];
    expect(new Set(inference.map((snippet) => snippet.kind))).toEqual(new Set(["inference"]));
    const library = JSON.parse(runCli(["snippet", qwen, "--client", "transformers", "--json"]).stdout) as { kind: string; client: string }[];
    expect(library.map((snippet) => `${snippet.kind}/${snippet.client}`)).toEqual(["library/transformers", "library/transformers"]);
    const unknown = runCli(["snippet", qwen, "--client", "vlm"]);
    expectNoMatchError(unknown, "unknown client 'vlm'", "vllm");
  });

  it("a GGUF repository gets its loading code and local apps, and no hosted call", () => {
    const gguf = new URL("../../examples/llama-3.2-3b-instruct-gguf.json", import.meta.url).pathname;
    const { stdout, stderr, code } = runCli(["snippet", gguf, "--json"]);
    expect(code).toBe(0);
    const snippets = JSON.parse(stdout) as { kind: string; client: string; content: string }[];
    expect([...new Set(snippets.map((snippet) => snippet.kind))]).toEqual(["library", "app"]);
    expect(snippets[0]?.content).toContain('filename="Llama-3.2-3B-Instruct-Q4_K_M.gguf"');
    expect(stderr).toMatch(/also runs in: .*jan/);
    expect(stderr).not.toContain("lists no inference providers");
  });

  it("nothing applies: exit 1 with the specification's message and why for each kind", () => {
    const file = scratchFile("depth.json", JSON.stringify({ id: "acme/depth-model", pipeline_tag: "depth-estimation", library_name: "some-new-library" }));
    const { stdout, stderr, code } = runCli(["snippet", file]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "No input example has been defined for this model task.", "inference:", "library:", "app:");
  });
});
