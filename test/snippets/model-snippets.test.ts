import { describe, expect, it } from "vitest";
import { ExitCode, UserError } from "../../src/errors.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";

const record = (fields: Record<string, unknown>): ModelRecord => ModelRecordSchema.parse({ _id: "64f0000000000000000000aa", ...fields });
const chat = (mapping: unknown, extra: Record<string, unknown> = {}) =>
  record({
    id: "Qwen/Qwen2.5-7B-Instruct",
    pipeline_tag: "text-generation",
    tags: ["conversational"],
    library_name: "transformers",
    inferenceProviderMapping: mapping,
    ...extra,
  });
const fluxSchnell = (mapping: unknown) =>
  record({ id: "black-forest-labs/FLUX.1-schnell", pipeline_tag: "text-to-image", library_name: "diffusers", inferenceProviderMapping: mapping });
const code = (answer: ReturnType<typeof getModelSnippets>, client: string) => answer.snippets.find((snippet) => snippet.client === client)?.content ?? "";

const liveTogether = { together: { status: "live", providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", task: "conversational" } };

describe("getModelSnippets: which providers serve a record", () => {
  it("leaves the choice to the router when the mapping has live providers: provider auto, no :provider suffix", () => {
    const answer = getModelSnippets(
      chat({ ...liveTogether, "featherless-ai": { status: "live", providerId: "Qwen/Qwen2.5-7B-Instruct", task: "conversational" } }),
    );
    expect(answer.inference).toEqual({ provider: "auto", routeProvider: "together", reads: { tokenVariables: ["HF_TOKEN"] } });
    expect(code(answer, "huggingface_hub")).toContain('provider="auto"');
    // Python's OpenAI client comes first now.
    expect(code(answer, "openai")).toContain('model="Qwen/Qwen2.5-7B-Instruct",');
    for (const snippet of answer.snippets) expect(snippet.content, snippet.client).not.toContain(":hf-inference");
    expect(code(answer, "curl")).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(answer.notes).toEqual([]);
  });

  it("sends raw HTTP calls of other tasks to the first live provider, with its own model id (array shape)", () => {
    const answer = getModelSnippets(
      fluxSchnell([
        { provider: "replicate", providerId: "black-forest-labs/flux-schnell", status: "staging", task: "text-to-image" },
        { provider: "fal-ai", providerId: "fal-ai/flux/schnell", status: "live", task: "text-to-image" },
      ]),
    );
    // The SDKs would resolve auto to the staging replicate entry, the mapping's first: the code names fal-ai.
    expect(answer.inference).toEqual({ provider: "fal-ai", routeProvider: undefined, reads: { tokenVariables: ["HF_TOKEN"] } });
    expect(code(answer, "curl")).toContain("https://router.huggingface.co/fal-ai/fal-ai/flux/schnell");
    expect(code(answer, "requests")).toContain("https://router.huggingface.co/fal-ai/fal-ai/flux/schnell");
    expect(code(answer, "huggingface_hub")).toContain('provider="fal-ai"');
    for (const snippet of answer.snippets) expect(snippet.content).not.toContain("replicate");
  });

  it("leaves the choice to the SDKs when the mapping's first entry is the first live provider", () => {
    const answer = getModelSnippets(
      fluxSchnell({
        "fal-ai": { status: "live", providerId: "fal-ai/flux/schnell", task: "text-to-image" },
        replicate: { status: "staging", providerId: "x", task: "text-to-image" },
      }),
    );
    expect(answer.inference).toEqual({ provider: "auto", routeProvider: "fal-ai", reads: { tokenVariables: ["HF_TOKEN"] } });
    expect(code(answer, "huggingface_hub")).toContain('provider="auto"');
    expect(code(answer, "curl")).toContain("https://router.huggingface.co/fal-ai/fal-ai/flux/schnell");
    // The SDK polls fal's queue on timers that do not keep Node running: the snippet keeps it alive.
    expect(code(answer, "huggingface.js")).toContain("setInterval");
  });

  it("never chooses a staging, erroring or unknown provider by default, and says why there is no call", () => {
    const mapping = (task: string) => ({
      together: { status: "error", providerId: "x", task },
      nscale: { status: "staging", providerId: "y", task },
      "brand-new-provider": { status: "live", providerId: "z", task },
    });
    const answer = getModelSnippets(fluxSchnell(mapping("text-to-image")));
    expect(answer.inference).toBeUndefined();
    expect(answer.snippets.map((snippet) => snippet.kind)).not.toContain("inference");
    expect(answer.missing.inference).toBe(
      "no live provider serves it: together (error), nscale (staging), brand-new-provider (a provider this tool does not know)",
    );
    // Chat is the router's to route: a live provider the table does not know is reached through it (provider auto).
    const chatAnswer = getModelSnippets(chat(mapping("conversational")));
    expect(chatAnswer.inference).toEqual({ provider: "auto", routeProvider: undefined, reads: { tokenVariables: ["HF_TOKEN"] } });
    expect(chatAnswer.notes.join("\n")).toContain("brand-new-provider are not known to this tool");
    for (const snippet of chatAnswer.snippets) expect(snippet.content).not.toMatch(/together|nscale|brand-new-provider/);
  });

  it("an empty mapping means no provider serves the model", () => {
    expect(getModelSnippets(chat({})).missing.inference).toBe("its inferenceProviderMapping is empty");
  });

  it("assumes hf-inference for a record without a mapping whose library it runs, and says once that the record lists none", () => {
    const answer = getModelSnippets(record({ id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition", library_name: "transformers" }));
    expect(answer.inference).toEqual({
      provider: "hf-inference",
      routeProvider: undefined,
      reads: { tokenVariables: ["HF_TOKEN"], sampleFile: { kind: "audio", name: "sample.flac" } },
    });
    // Once, first; then what the code needs from the user (its audio file).
    expect(answer.notes.filter((note) => note.includes("the record lists no inference providers"))).toHaveLength(1);
    expect(answer.notes[0]).toContain("the record lists no inference providers");
    expect(answer.notes.slice(1)).toEqual([expect.stringContaining("the code reads sample.flac, an audio file of your own")]);
    expect(code(answer, "curl")).toContain("https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3");
  });

  it("gives a local-only repository without a mapping no hosted call: GGUF, MLX, a library hf-inference does not run", () => {
    const gguf = getModelSnippets(
      record({ id: "bartowski/Llama-3.2-1B-Instruct-GGUF", library_name: "gguf", pipeline_tag: "text-generation", tags: ["gguf", "conversational"] }),
    );
    expect(gguf.snippets.map((snippet) => snippet.kind)).not.toContain("inference");
    expect(gguf.notes).toEqual([]);
    const taggedOnly = getModelSnippets(record({ id: "someone/model-GGUF", pipeline_tag: "text-generation", tags: ["gguf"] }));
    expect(taggedOnly.snippets.map((snippet) => snippet.kind)).not.toContain("inference");
    const mlx = getModelSnippets(
      record({ id: "mlx-community/Qwen2.5-7B-Instruct-4bit", library_name: "mlx", pipeline_tag: "text-generation", tags: ["mlx", "conversational"] }),
    );
    expect(mlx.snippets.map((snippet) => snippet.kind)).not.toContain("inference");
    const spacy = getModelSnippets(record({ id: "spacy/en_core_web_sm", library_name: "spacy", pipeline_tag: "token-classification" }));
    expect(spacy.missing.inference).toContain("hf-inference does not run this kind of model (spacy)");
  });

  it("takes the task from the mapping when the record holds only what ?expand[]=inferenceProviderMapping returns", () => {
    const answer = getModelSnippets(record({ id: "Qwen/Qwen2.5-7B-Instruct", inferenceProviderMapping: liveTogether }));
    expect(answer.inference?.provider).toBe("auto");
    expect(answer.snippets.map((snippet) => `${snippet.language}/${snippet.client}`)).toContain("python/openai");
    const image = getModelSnippets(
      record({
        id: "black-forest-labs/FLUX.1-schnell",
        inferenceProviderMapping: { "fal-ai": { status: "live", providerId: "fal-ai/flux/schnell", task: "text-to-image" } },
      }),
    );
    expect(code(image, "curl")).toContain("https://router.huggingface.co/fal-ai/fal-ai/flux/schnell");
  });
});

describe("getModelSnippets: a provider asked for", () => {
  it("uses a staging provider with a note", () => {
    const answer = getModelSnippets(chat({ ...liveTogether, nscale: { status: "staging", providerId: "Qwen/Qwen2.5-7B-Instruct", task: "conversational" } }), {
      provider: "nscale",
    });
    expect(answer.inference?.provider).toBe("nscale");
    expect(answer.notes).toEqual(["Qwen/Qwen2.5-7B-Instruct: provider 'nscale' is in staging for this model, not live: it may not answer yet"]);
    const curl = answer.snippets.find((snippet) => snippet.kind === "inference" && snippet.client === "curl");
    expect(curl?.content).toContain('"model": "Qwen/Qwen2.5-7B-Instruct:nscale"');
  });

  // sambanova is not in this tool's table: an erroring provider is refused alike, known or not.
  it.each([
    ["novita", "known to this tool"],
    ["sambanova", "not known to this tool"],
  ])("refuses an erroring provider (%s, %s) with exit code 1 and the reason", (provider) => {
    const model = chat({ ...liveTogether, [provider]: { status: "error", providerId: "qwen/qwen2.5-7b-instruct", task: "conversational" } });
    let thrown: unknown;
    try {
      getModelSnippets(model, { provider });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).exitCode).toBe(ExitCode.noMatch);
    expect((thrown as UserError).message).toContain(`'${provider}' reports an error for this model`);
  });

  // A staging entry of a provider this tool does not know: no route reaches it, which is the reason (exit 1), not an unknown id.
  it("refuses a provider it does not know that the mapping shows in staging, with the live ones (exit 1)", () => {
    const model = chat({ ...liveTogether, sambanova: { status: "staging", providerId: "qwen/qwen2.5-7b-instruct", task: "conversational" } });
    let thrown: unknown;
    try {
      getModelSnippets(model, { provider: "sambanova" });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as UserError).exitCode).toBe(ExitCode.noMatch);
    expect((thrown as UserError).message).toBe(
      "Qwen/Qwen2.5-7B-Instruct: provider 'sambanova' is in staging for this model (its inferenceProviderMapping), not live, and not known to this tool: no call reaches it yet; live: together",
    );
  });

  it("warns about a provider the mapping does not list", () => {
    const answer = getModelSnippets(chat(liveTogether), { provider: "hf-inference" });
    expect(answer.notes[0]).toContain("does not list 'hf-inference'");
  });

  it("auto with a mapping that serves nothing is a request that matches nothing", () => {
    expect(() => getModelSnippets(chat({ together: { status: "error", providerId: "x", task: "conversational" } }), { provider: "auto" })).toThrow(
      /--provider auto: no live provider/,
    );
  });
});

describe("getModelSnippets: every kind that applies", () => {
  it("lists inference, then the library's code, then the local apps' commands", () => {
    // The Hub tags a transformers model `transformers`, which the apps' rules read.
    const answer = getModelSnippets(chat(liveTogether, { tags: ["transformers", "conversational"] }));
    const kinds = answer.snippets.map((snippet) => snippet.kind);
    expect([...new Set(kinds)]).toEqual(["inference", "library", "app"]);
    expect(kinds.indexOf("library")).toBeGreaterThan(kinds.lastIndexOf("inference"));
    expect(answer.snippets.filter((snippet) => snippet.kind === "library").every((snippet) => snippet.client === "transformers")).toBe(true);
    expect(answer.otherApps.length).toBeGreaterThan(0);
  });

  it("gives a GGUF repository the llama-cpp-python code with the chosen quant, and the shortlisted apps", () => {
    const answer = getModelSnippets(
      record({
        id: "bartowski/Llama-3.2-1B-Instruct-GGUF",
        library_name: "gguf",
        pipeline_tag: "text-generation",
        tags: ["gguf", "conversational"],
        siblings: [{ rfilename: "Llama-3.2-1B-Instruct-Q8_0.gguf" }, { rfilename: "Llama-3.2-1B-Instruct-Q4_K_M.gguf" }],
      }),
    );
    const library = answer.snippets.filter((snippet) => snippet.kind === "library");
    expect(library.map((snippet) => snippet.client)).toEqual(["llama-cpp-python"]);
    expect(library[0]?.content).toContain('filename="Llama-3.2-1B-Instruct-Q4_K_M.gguf"');
    const apps = [...new Set(answer.snippets.filter((snippet) => snippet.kind === "app").map((snippet) => snippet.client))];
    expect(apps).toEqual(["llama.cpp", "vllm", "lmstudio", "ollama"]);
    expect(answer.otherApps).toContain("jan");
    expect(getModelSnippets(record({ id: "a/b-GGUF", library_name: "gguf", tags: ["gguf"] }), { allApps: true }).otherApps).toEqual([]);
  });

  it("narrows by kind, language and client across kinds", () => {
    const model = chat(liveTogether);
    expect(getModelSnippets(model, { kind: "library" }).snippets.every((snippet) => snippet.kind === "library")).toBe(true);
    expect(getModelSnippets(model, { client: "transformers" }).snippets.map((snippet) => snippet.kind)).toEqual(["library", "library"]);
    expect(getModelSnippets(model, { language: "python", client: "requests" }).snippets).toHaveLength(1);
    expect(getModelSnippets(model, { app: "vllm" }).snippets.every((snippet) => snippet.client === "vllm")).toBe(true);
  });

  it("writes the access note into loading code and the app command that downloads, never into inference calls", () => {
    const answer = getModelSnippets(chat(liveTogether, { gated: "manual" }));
    for (const snippet of answer.snippets) {
      const noted = snippet.content.includes("Gated model: accept its conditions on https://huggingface.co/Qwen/Qwen2.5-7B-Instruct");
      expect(noted, `${snippet.kind} ${snippet.client}`).toBe(snippet.kind === "library" || (snippet.kind === "app" && !snippet.content.includes("localhost")));
    }
    const secret = getModelSnippets(chat(liveTogether, { private: true }), { kind: "library" });
    for (const snippet of secret.snippets)
      expect(snippet.content).toMatch(/^# Private model: the download needs a token with read access to Qwen\/Qwen2\.5-7B-Instruct/);
  });
});
