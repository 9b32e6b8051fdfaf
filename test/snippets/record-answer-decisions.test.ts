import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { runCli } from "../helpers/cli.js";
import { runCliBatch } from "../helpers/cli-batch.js";
import { hubRecordFile, hubRecordNames, readHubRecord } from "../helpers/hub-records.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Issue 32, defects 6, 7, 9, 10 and 11: what a record's answer decides (providers, apps, notes, order), each
 * checked on the real CLI where the user sees it.
 */

const ownFile = (name: string) => fileURLToPath(new URL(`../fixtures/issue32-decide/${name}.json`, import.meta.url));
const ownRecord = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(ownFile(name), "utf8")));
interface JsonSnippet {
  kind: string;
  language: string;
  client: string;
  content: string;
}
const jsonSnippets = (stdout: string) => JSON.parse(stdout) as JsonSnippet[];

describe("6: chat models whose live providers the table does not know", () => {
  const qwq = hubRecordFile("qwq-32b-unknown-providers");

  it("get router chat code (provider auto), and stderr says which providers are not known", () => {
    const result = runCli(["snippet", qwq, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const inference = jsonSnippets(result.stdout).filter((snippet) => snippet.kind === "inference");
    expect(inference.map((snippet) => `${snippet.language}/${snippet.client}`)).toEqual(
      expect.arrayContaining(["python/huggingface_hub", "python/openai", "sh/curl"]),
    );
    const curl = inference.find((snippet) => snippet.client === "curl")!.content;
    expect(curl).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(curl).toContain('"model": "Qwen/QwQ-32B"');
    expect(inference.find((snippet) => snippet.client === "huggingface_hub")!.content).toMatch(/provider="auto"/);
    expect(result.stderr).toMatch(/nebius, hyperbolic.*not .*know/);
  });

  it("with only sambanova live (featherless-ai in staging), the router still chooses", () => {
    const answer = getModelSnippets(ownRecord("llama-3.3-70b-sambanova-only"));
    expect(answer.inference).toEqual({ provider: "auto", routeProvider: undefined, reads: { tokenVariables: ["HF_TOKEN"] } });
    expect(answer.snippets.some((snippet) => snippet.kind === "inference")).toBe(true);
    expect(answer.snippets.every((snippet) => !snippet.content.includes("featherless-ai"))).toBe(true);
  });

  // About 200 CLI runs: run as a pool of processes (runCliBatch), with time for a busy machine (they took 40 s, one
  // after another, at a load of 5 on 2 cores).
  it("--provider lists only what --provider <it> accepts, for every record of both corpora", { timeout: 180_000 }, async () => {
    const files = [...hubRecordNames().map(hubRecordFile), ...["llama-3.3-70b-sambanova-only", "qwen3-embedding-nebius-only"].map(ownFile)];
    const lists = await runCliBatch(files.map((file) => ({ args: ["snippet", file, "--provider"], timeoutMs: 60_000 })));
    const uses = files.flatMap((file, index) =>
      lists[index]!.code !== 0
        ? []
        : lists[index]!.stdout.trim()
            .split("\n")
            .map((provider) => ({ file, provider })),
    );
    const used = await runCliBatch(uses.map(({ file, provider }) => ({ args: ["snippet", file, "--provider", provider, "--lang", "sh"], timeoutMs: 60_000 })));
    const refused = uses.flatMap(({ file, provider }, index) =>
      used[index]!.code === 0
        ? []
        : [`${file}: --provider lists ${provider}, --provider ${provider} exits ${used[index]!.code}: ${used[index]!.stderr.trim()}`],
    );
    expect(uses.length).toBeGreaterThan(40);
    expect(refused).toEqual([]);
  });

  it("--provider nebius on a chat model that maps it live: the router route <id>:nebius, with a note", () => {
    const result = runCli(["snippet", qwq, "--provider", "nebius", "--lang", "sh", "--client", "curl"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(result.stdout).toContain('"model": "Qwen/QwQ-32B:nebius"');
    expect(result.stderr).toMatch(/nebius.*not .*know/);
  });

  it("--provider nebius for a task other than chat is refused (exit 1, as any unknown id), saying why, and --provider does not list it", () => {
    const file = ownFile("qwen3-embedding-nebius-only");
    const used = runCli(["snippet", file, "--provider", "nebius"]);
    expect(used.code).toBe(1);
    expect(used.stderr).toContain("unknown provider 'nebius'");
    expect(used.stderr).toContain("only for chat");
    const listed = runCli(["snippet", file, "--provider"]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe("");
    expect(listed.stderr).toContain("nebius");
  });
});

describe("7: hosted code where nothing hosts the model", () => {
  it("a private model without a mapping gets no inference code, and a note that points to --endpoint-url", () => {
    const result = runCli(["snippet", hubRecordFile("private-ticket-classifier"), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(jsonSnippets(result.stdout).filter((snippet) => snippet.kind === "inference")).toEqual([]);
    expect(result.stderr).toContain("--endpoint-url");
    expect(result.stderr).not.toContain("hf-inference is assumed");
  });

  it("--provider auto or hf-inference on that private model exits 1 with the same pointer", () => {
    for (const provider of ["auto", "hf-inference"]) {
      const result = runCli(["snippet", hubRecordFile("private-ticket-classifier"), "--provider", provider]);
      expect(result.code, provider).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("--endpoint-url");
    }
  });

  it("with --endpoint-url, the private model's calls are written", () => {
    const result = runCli(["snippet", hubRecordFile("private-ticket-classifier"), "--endpoint-url", "https://xyz.endpoints.huggingface.cloud", "--lang", "sh"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("https://xyz.endpoints.huggingface.cloud");
  });

  it.each(["llama-3.2-3b-instruct-gguf-sizes", "qwen3-4b-mlx-4bit"])(
    "--provider auto --client openai on %s exits 1: no provider serves it, run it locally",
    (name) => {
      const result = runCli(["snippet", hubRecordFile(name), "--provider", "auto", "--client", "openai"]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/no (inference )?provider serves a (GGUF|MLX) repository/);
      expect(result.stderr).toContain("--app");
    },
  );

  it("a GGUF repository's default answer has no inference, and --provider hf-inference is refused too", () => {
    const answer = getModelSnippets(readHubRecord("llama-3.2-3b-instruct-gguf-sizes"));
    expect(answer.snippets.filter((snippet) => snippet.kind === "inference")).toEqual([]);
    expect(runCli(["snippet", hubRecordFile("llama-3.2-3b-instruct-gguf-sizes"), "--provider", "hf-inference"]).code).toBe(1);
  });
});

describe("9: apps that cannot run the model are not offered", () => {
  it("a text-to-video diffusers repository (Wan2.1) gets neither Draw Things nor DiffusionBee", () => {
    const result = runCli(["apps", "list", "--model", ownFile("wan2.1-t2v-1.3b-diffusers"), "--json"]);
    const keys = result.code === 0 ? (JSON.parse(result.stdout) as { key: string }[]).map((app) => app.key) : [];
    expect(keys).not.toContain("drawthings");
    expect(keys).not.toContain("diffusionbee");
  });

  it("TGI is offered only for a model with the text-generation-inference tag", () => {
    const untagged = runCli(["snippet", hubRecordFile("smollm3-3b-not-live"), "--app", "tgi"]);
    expect(untagged.code).toBe(1);
    const tagged = runCli(["snippet", hubRecordFile("qwq-32b-unknown-providers"), "--app", "tgi"]);
    expect(tagged.code, tagged.stderr).toBe(0);
  });
});

describe("10: access notes that point to the fix that works", () => {
  it("Ollama's note on a gated GGUF names the Ollama SSH key, not hf auth login", () => {
    const result = runCli(["snippet", ownFile("llama-3.2-3b-instruct-gguf-gated"), "--app", "ollama"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("https://huggingface.co/settings/keys");
    expect(result.stdout).not.toContain("hf auth login");
  });

  it("llama.cpp's note on the same model still says hf auth login (it reads the Hub token)", () => {
    const result = runCli(["snippet", ownFile("llama-3.2-3b-instruct-gguf-gated"), "--app", "llama.cpp"]);
    expect(result.stdout).toContain("hf auth login");
  });

  it("pyannote's pipeline code works after hf auth login: it reads no HF_TOKEN variable", () => {
    const [snippet] = getLibrarySnippets(readHubRecord("pyannote-speaker-diarization"));
    expect(snippet?.content).toContain("Pipeline.from_pretrained(");
    expect(snippet?.content).not.toContain("os.environ");
    expect(snippet?.content).not.toContain("use_auth_token");
  });
});

describe("11: lines that say what is so", () => {
  it("'hf-inference is assumed' is printed only where hf-inference code is", () => {
    for (const name of ["spacy-en-core-web-sm", "keras-ocr-for-captcha", "pyannote-speaker-diarization"]) {
      const result = runCli(["snippet", hubRecordFile(name)]);
      expect(result.code, `${name}: ${result.stderr}`).toBe(0);
      expect(result.stderr, name).not.toContain("hf-inference is assumed");
      expect(result.stderr, name).toContain("lists no inference providers");
    }
    expect(runCli(["snippet", hubRecordFile("smollm2-135m-instruct-no-mapping")]).stderr).toContain("hf-inference is assumed");
  });

  it("an expand-only record is not said to have no local app: the record does not say", () => {
    const result = runCli(["snippet", hubRecordFile("kimi-k2-instruct-expand-not-live")]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("no local app runs");
    expect(result.stderr).toContain("the record does not say");
    const answer = getModelSnippets(readHubRecord("llama-3.1-8b-instruct-expand"));
    expect(answer.missing.app).toContain("the record does not say");
  });

  it("the default answer opens on Python's SDK; SDKs before raw HTTP; fal's queue polling last in its language", () => {
    const result = runCli(["snippet", hubRecordFile("flux.1-schnell-fal-only"), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const order = jsonSnippets(result.stdout)
      .filter((snippet) => snippet.kind === "inference")
      .map((snippet) => `${snippet.language}/${snippet.client}`);
    // (fal_client writes only direct calls: --provider fal-ai --direct.)
    expect(order).toEqual(["python/huggingface_hub", "python/requests", "js/huggingface.js", "js/fetch", "sh/curl"]);
    const chat = jsonSnippets(runCli(["snippet", hubRecordFile("qwen2.5-7b-instruct-model-list"), "--json"]).stdout)
      .filter((snippet) => snippet.kind === "inference")
      .map((snippet) => `${snippet.language}/${snippet.client}`);
    expect(chat).toEqual(["python/huggingface_hub", "python/openai", "python/requests", "js/huggingface.js", "js/openai", "js/fetch", "sh/curl"]);
  });
});
