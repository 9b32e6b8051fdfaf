import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { modelNotebook } from "../../src/notebook/model-notebook.js";
import { notebookFileName } from "../../src/notebook/file-name.js";
import { installCode, installPlan } from "../../src/notebook/install-cell.js";
import { notebookCode, resultCode } from "../../src/notebook/code-cells.js";
import { markdownText } from "../../src/notebook/markdown.js";
import { cellText, type Notebook } from "../../src/notebook/notebook.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { notebookAnswer } from "../helpers/notebook-answer.js";
import { decideModel } from "../../src/model-answer/decision.js";

const example = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), "utf8")));
const cell = (notebook: Notebook, id: string) => notebook.cells.find((candidate) => candidate.id === id);
const ids = (notebook: Notebook) => notebook.cells.map((candidate) => candidate.id);

describe("a model's notebook", () => {
  it("opens with the title, the runtime, the access note, the install cell and the token check, then each snippet", () => {
    const answer = notebookAnswer(example("flux.1-dev"), { notebook: true });
    const notebook = answer.notebook!;
    expect(ids(notebook).slice(0, 8)).toEqual(["title", "runtime", "access", "install-about", "install", "token-about", "token-check", "snippet-1-about"]);
    const python = answer.snippets.filter((snippet) => snippet.language === "python");
    python.forEach((snippet, index) => expect(cellText(cell(notebook, `snippet-${index + 1}`)!)).toBe(snippet.content));
  });

  it("has one install cell naming every package of its snippets once", () => {
    const answer = notebookAnswer(example("flux.1-dev"), { notebook: true });
    const install = cellText(cell(answer.notebook!, "install")!);
    // torch is one build with the runtimes' torchvision and torchaudio: installed where missing, never upgraded alone.
    expect(install).toBe("%pip install -U huggingface-hub pillow requests diffusers transformers accelerate\n%pip install torch");
  });

  it("finds the token where each runtime keeps it, hands it to the later cells, and never prompts or writes a literal", () => {
    const notebook = notebookAnswer(example("flux.1-dev"), { notebook: true }).notebook!;
    const check = cellText(cell(notebook, "token-check")!);
    expect(check).toContain("from google.colab import userdata");
    expect(check).toContain("UserSecretsClient().get_secret(name)");
    expect(check).toContain('found = find_secret("HF_TOKEN") or get_token()');
    expect(check).toMatch(/if not found:\n {4}raise RuntimeError\(/);
    expect(check).toContain('if not os.environ.get("HF_TOKEN"):\n    os.environ["HF_TOKEN"] = found');
    expect(check).not.toMatch(/^\s*(notebook_)?login\(|input\(|getpass/m);
    const code = notebook.cells.map(cellText).join("\n");
    expect(code).not.toMatch(/HF_TOKEN"?\]?\s*=\s*["']|YOUR_TOKEN|hf_x{3}/);
  });

  it("a public model's inference calls get the token cell but no access note; its loading code alone gets neither", () => {
    const calls = notebookAnswer(example("bart-large-mnli"), { notebook: true }).notebook!;
    expect(ids(calls)).toContain("token-check");
    expect(ids(calls)).not.toContain("access");
    const local = notebookAnswer(example("bart-large-mnli"), { kind: "library", notebook: true }).notebook!;
    expect(ids(local)).not.toContain("token-check");
  });

  it("a token written into the code needs no token cell; --direct's provider key gets one of its own", () => {
    const written = notebookAnswer(example("bart-large-mnli"), { kind: "inference", token: "hf_written", notebook: true }).notebook!;
    expect(ids(written)).not.toContain("token-check");
    const direct = notebookAnswer(example("qwen2.5-7b-instruct"), { kind: "inference", provider: "together", direct: true, notebook: true }).notebook!;
    const check = cellText(cell(direct, "token-check")!);
    expect(check).toContain('found = find_secret("TOGETHER_API_KEY")\n');
    expect(check).not.toContain("HF_TOKEN");
  });

  it("a provider key the code reads under two names is found under either, and handed on under the one read first", () => {
    const direct = notebookAnswer(example("flux.1-dev"), { kind: "inference", provider: "fal-ai", direct: true, notebook: true }).notebook!;
    const check = cellText(cell(direct, "token-check")!);
    // The gated model's Hub token is found first (found_1), then the provider's key (found_2).
    expect(check).toContain('found_2 = find_secret("FAL_KEY") or find_secret("FAL_AI_API_KEY")\n');
    expect(check).toContain('if not os.environ.get("FAL_KEY"):\n    os.environ["FAL_KEY"] = found_2');
    expect(check).toContain('found_1 = find_secret("HF_TOKEN") or get_token()\n');
    const code = direct.cells.map(cellText).join("\n");
    expect(code).toContain("os.environ.get('FAL_KEY') or os.environ['FAL_AI_API_KEY']");
  });

  it("fetches a public sample under the name an inference call sends, before the calls", () => {
    const whisper = notebookAnswer(example("whisper-large-v3"), { notebook: true }).notebook!;
    const order = ids(whisper);
    expect(order.indexOf("sample-input")).toBeGreaterThan(order.indexOf("token-check"));
    expect(order.indexOf("sample-input")).toBeLessThan(order.indexOf("snippet-1"));
    const fetch = cellText(cell(whisper, "sample-input")!);
    expect(fetch).toContain('if not os.path.exists("sample.flac"):');
    expect(fetch).toContain('"Narsil/asr_dummy",\n        "mlk.flac",');
    expect(cellText(cell(whisper, "snippet-1")!)).toContain('"sample.flac"');
    expect(ids(notebookAnswer(example("flux.1-dev"), { notebook: true }).notebook!)).not.toContain("sample-input");
  });

  it("a GGUF repository runs on a CPU runtime, from llama-cpp-python's prebuilt CPU wheel, and says why", () => {
    const notebook = notebookAnswer(example("llama-3.2-3b-instruct-gguf"), { notebook: true }).notebook!;
    expect(notebook.metadata.accelerator).toBeUndefined();
    expect(notebook.metadata.kaggle).toMatchObject({ accelerator: "none", isGpuEnabled: false });
    expect(cellText(cell(notebook, "install")!)).toContain(
      "%pip install --prefer-binary --extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cpu llama-cpp-python\n",
    );
    expect(cellText(cell(notebook, "runtime")!)).toMatch(/runs the quantization on the CPU: .*without CUDA.*It needs about 2\.52 GB of memory/);
  });

  it("links the access note's page", () => {
    const notebook = notebookAnswer(example("llama-3.1-8b-instruct"), { notebook: true }).notebook!;
    expect(cellText(cell(notebook, "access")!)).toContain(
      "[https\\:\\/\\/huggingface\\.co\\/meta\\-llama\\/Llama\\-3\\.1\\-8B\\-Instruct](https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct)",
    );
  });

  it("asks for no accelerator for a small model on the CPU, a T4 for one that fits it, and says when no free tier fits", () => {
    expect(notebookAnswer(example("bart-large-mnli"), { notebook: true }).notebook!.metadata).toMatchObject({
      colab: { provenance: [] },
      kaggle: { accelerator: "none", isGpuEnabled: false },
    });
    const whisper = notebookAnswer(example("whisper-large-v3"), { notebook: true }).notebook!;
    expect(whisper.metadata).toMatchObject({ accelerator: "GPU", colab: { gpuType: "T4" }, kaggle: { accelerator: "nvidiaTeslaT4", isGpuEnabled: true } });
    expect(ids(whisper)).not.toContain("runtime");
    const llama = notebookAnswer(example("llama-3.1-8b-instruct"), { notebook: true }).notebook!;
    expect(llama.metadata.colab.gpuType).toBe("L4");
    expect(cellText(cell(llama, "runtime")!)).toMatch(/^## Runtime\n\nNo free tier fits: the local code needs about 19\.27 GB/);
  });

  it("asks for nothing when it only calls inference providers", () => {
    const notebook = modelNotebook(decideModel(example("llama-3.1-8b-instruct")), notebookAnswer(example("llama-3.1-8b-instruct"), { kind: "inference" }));
    expect(notebook.metadata.colab).toEqual({ provenance: [] });
    expect(notebook.metadata.accelerator).toBeUndefined();
  });

  it("leaves local apps' commands out", () => {
    const answer = notebookAnswer(example("llama-3.2-3b-instruct-gguf"), { notebook: true });
    expect(answer.snippets.some((snippet) => snippet.kind === "app")).toBe(true);
    const code = answer.notebook!.cells.map(cellText).join("\n");
    for (const app of answer.snippets.filter((snippet) => snippet.kind === "app")) expect(code).not.toContain(app.content);
  });
});

describe("a dataset's notebook", () => {
  const imdb = parseDatasetRecord(readFileSync(new URL("../../examples/datasets/imdb.json", import.meta.url), "utf8"), "imdb.json");

  it("runs hf download in a %%bash cell that stops at a failing command, shows a data frame's head once, and asks for no accelerator", () => {
    const notebook = getDatasetNotebook(imdb)!;
    const code = notebook.cells.filter((candidate) => candidate.cell_type === "code").map(cellText);
    expect(code).toContain(
      "%%bash\nset -e\nhf download stanfordnlp/imdb --repo-type dataset --include plain_text/train-00000-of-00001.parquet --local-dir imdb",
    );
    // The pandas and Polars cells print their head: no cell shows it again.
    expect(code.filter((text) => text.includes("df.head()"))).toHaveLength(2);
    expect(code).not.toContain("df.head()");
    expect(ids(notebook)).not.toContain("token-check");
    expect(notebook.metadata.kaggle.accelerator).toBe("none");
    expect(code.join("\n")).not.toContain("curl");
  });
});

describe("the parts", () => {
  it("merges pip installs, keeps other pip installs and shell setup lines whole", () => {
    const plan = installPlan([
      "pip install -U a b",
      'pip install -U b "c[x]"',
      "pip install git+https://example.com/x.git && pip install -U d",
      "git clone u && cd u && pip install -e .",
      undefined,
    ]);
    expect(installCode(plan)).toBe('%pip install git+https://example.com/x.git\n%pip install -U a b "c[x]" d\n!git clone u && cd u && pip install -e .\n');
  });

  it("keeps shell text exactly, in a %%bash cell that stops at its first failing command", () => {
    const content = "hf download org/x --include $'a\\nb' --local-dir x";
    expect(notebookCode({ language: "sh", client: "hf", content })).toBe(`%%bash\nset -e\n${content}`);
  });

  it("shows the media a snippet saves, not the media it reads", () => {
    const code = 'output = client.image_segmentation("cats.jpg")\nimage.save("mask.png")\nsf.write("speech.wav", audio, 16000)';
    expect(resultCode({ language: "python", client: "x", content: code })).toBe(
      'from IPython.display import Audio, Image, display\n\ndisplay(Image(filename="mask.png"))\ndisplay(Audio(filename="speech.wav"))\n',
    );
  });

  it("escapes every markdown and HTML special character of record text", () => {
    expect(markdownText("<img src=x onerror=alert(1)> *a* _b_ [c](d) $x$ &amp; `e`\n# f")).toBe(
      "\\<img src\\=x onerror\\=alert\\(1\\)\\> \\*a\\* \\_b\\_ \\[c\\]\\(d\\) \\$x\\$ &amp;amp\\; \\`e\\` \\# f",
    );
  });

  it("names the file after the repository, inside the folder, without clobbering", () => {
    expect(notebookFileName("meta-llama/Llama-3.1-8B-Instruct")).toBe("meta-llama--Llama-3.1-8B-Instruct.ipynb");
    expect(notebookFileName("../../etc/passwd")).toBe("etc--passwd.ipynb");
    expect(notebookFileName(".hidden")).toBe("hidden.ipynb");
    expect(notebookFileName("gpt2", (name) => name === "gpt2.ipynb")).toBe("gpt2-2.ipynb");
  });
});
