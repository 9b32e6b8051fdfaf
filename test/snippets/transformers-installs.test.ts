import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { installedNames } from "../helpers/package-names.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Issue 32, defects 5 and 8, and issue 34, item 1: transformers' code needs more than `transformers torch` for some
 * models, and its "load model directly" code must run where a user runs it.
 * - Every image pipeline reads its input, and every image processor loads, through Pillow ("requires the PIL library").
 * - DETR-style configs build a timm backbone (use_timm_backbone, the default); Gemma 3n's vision tower is timm's.
 * - The video-classification pipeline decodes the video with PyAV (`av`).
 * - Marian, M2M100, SigLIP and the other sentencepiece-only tokenizers need sentencepiece.
 * - device_map="auto" (a large generative model on the GPU) needs accelerate; the inputs follow to model.device.
 * - transformers v5 removed the summarization and translation pipelines: the loading code generates and decodes.
 */

const record = (fields: Record<string, unknown>): ModelRecord => ModelRecordSchema.parse({ id: "someone/some-model", library_name: "transformers", ...fields });
const packagesOf = (model: ModelRecord) => getLibrarySnippets(model).map((snippet) => installedNames(snippet.install ?? "").pip);

const imageTasks = [
  "image-classification",
  "object-detection",
  "image-segmentation",
  "depth-estimation",
  "image-feature-extraction",
  "mask-generation",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "image-text-to-text",
  "document-question-answering",
  "video-classification",
];

describe("transformers install lines name what the code needs", () => {
  it.each(imageTasks)("%s: every snippet installs pillow", (task) => {
    const packages = packagesOf(record({ pipeline_tag: task }));
    expect(packages.length).toBeGreaterThan(0);
    for (const names of packages) expect(names).toContain("pillow");
  });

  it("text tasks install only transformers and torch", () => {
    for (const task of ["text-classification", "fill-mask", "token-classification"]) {
      expect(getLibrarySnippets(record({ pipeline_tag: task })).map((snippet) => snippet.install)).toEqual([
        "pip install -U transformers torch",
        "pip install -U transformers torch",
      ]);
    }
  });

  it.each(["detr", "conditional_detr", "deformable_detr", "table-transformer", "dab-detr", "gemma3n"])("model type %s installs timm", (modelType) => {
    for (const names of packagesOf(record({ pipeline_tag: "object-detection", config: { model_type: modelType } }))) expect(names).toContain("timm");
  });

  it("a ViT does not install timm", () => {
    for (const names of packagesOf(record({ pipeline_tag: "image-classification", config: { model_type: "vit" } }))) expect(names).not.toContain("timm");
  });

  it("video classification installs av", () => {
    const [pipeline] = getLibrarySnippets(record({ pipeline_tag: "video-classification", config: { model_type: "videomae" } }));
    expect(installedNames(pipeline?.install ?? "").pip).toEqual(expect.arrayContaining(["av", "pillow"]));
  });

  it("a video model without an image processor (V-JEPA 2) installs torchvision, which video processors need", () => {
    for (const names of packagesOf(record({ pipeline_tag: "video-classification", config: { model_type: "vjepa2" } })))
      expect(names).toEqual(expect.arrayContaining(["av", "torchvision"]));
    const direct = getLibrarySnippets(
      record({ pipeline_tag: "video-classification", transformersInfo: { auto_model: "AutoModelForVideoClassification", processor: "AutoVideoProcessor" } }),
    ).at(-1);
    expect(installedNames(direct?.install ?? "").pip).toContain("torchvision");
  });

  it.each(["marian", "m2m_100", "siglip", "speecht5"])("model type %s installs sentencepiece", (modelType) => {
    for (const names of packagesOf(record({ pipeline_tag: "translation", config: { model_type: modelType } }))) expect(names).toContain("sentencepiece");
  });

  it("LayoutLM document question answering installs pytesseract and says tesseract must be there", () => {
    const snippets = getLibrarySnippets(record({ pipeline_tag: "document-question-answering", config: { model_type: "layoutlm" } }));
    expect(installedNames(snippets[0]?.install ?? "").pip).toEqual(expect.arrayContaining(["pillow", "pytesseract"]));
    expect(snippets[0]?.content).toMatch(/tesseract-ocr/);
  });
});

describe("transformers 'load model directly' code runs where the user runs it", () => {
  const chat = record({
    id: "Qwen/Qwen3-8B",
    pipeline_tag: "text-generation",
    config: { model_type: "qwen3", tokenizer_config: { chat_template: "{{ messages }}" } },
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  });

  it("a generative model is placed with device_map='auto' (accelerate installed), its inputs moved to model.device", () => {
    const direct = getLibrarySnippets(chat).at(-1)!;
    expect(direct.content).toContain('device_map="auto"');
    expect(direct.content).toMatch(/\)\.to\(model\.device\)/);
    expect(installedNames(direct.install ?? "").pip).toContain("accelerate");
  });

  it("a vision chat model's code applies its chat template to an image and a question, and prints the reply", () => {
    const vlm = record({
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
      pipeline_tag: "image-text-to-text",
      config: { model_type: "qwen2_5_vl", chat_template_jinja: "{{ messages }}" },
      transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
    });
    const direct = getLibrarySnippets(vlm).at(-1)!;
    expect(direct.content).toContain('device_map="auto"');
    expect(direct.content).toMatch(/inputs = processor\.apply_chat_template\([\s\S]*\)\.to\(model\.device\)/);
    expect(direct.content).toContain('"type": "image"');
    expect(direct.content).toContain("print(processor.decode(reply, skip_special_tokens=True))");
    expect(installedNames(direct.install ?? "").pip).toEqual(["transformers", "torch", "accelerate", "pillow"]);
  });

  it("a classifier's code keeps its short install line", () => {
    const direct = getLibrarySnippets(record({ pipeline_tag: "text-classification" })).at(-1)!;
    expect(direct.content).not.toContain("device_map");
  });

  it.each([
    ["summarization", "facebook/bart-large-cnn", "bart"],
    ["translation", "Helsinki-NLP/opus-mt-en-fr", "marian"],
    ["text2text-generation", "google/flan-t5-base", "t5"],
  ])("%s: the code generates and prints the decoded output", (task, id, modelType) => {
    const snippets = getLibrarySnippets(
      record({
        id,
        pipeline_tag: task,
        config: { model_type: modelType },
        transformersInfo: { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
      }),
    );
    expect(snippets).toHaveLength(1);
    const code = snippets[0]!.content;
    expect(code).not.toMatch(/pipeline\(/);
    expect(code).toMatch(/inputs = tokenizer\([\s\S]*return_tensors="pt"\)\.to\(model\.device\)/);
    expect(code).toContain("outputs = model.generate(**inputs");
    expect(code).toContain("print(tokenizer.decode(outputs[0], skip_special_tokens=True))");
  });

  it("a T5 checkpoint is given its task prefix", () => {
    const [snippet] = getLibrarySnippets(
      record({
        id: "google-t5/t5-small",
        pipeline_tag: "translation",
        config: { model_type: "t5" },
        transformersInfo: { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
      }),
    );
    expect(snippet?.content).toContain('"translate English to German: ');
  });
});
