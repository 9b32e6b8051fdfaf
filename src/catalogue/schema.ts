// zod/mini, like the model record schema: importing the library should not pay for all of classic zod.
import * as z from "zod/mini";

const text = () => z.string().check(z.minLength(1));

/** An entry that names something on the Hub (a dataset, metric, model or demo app) and says why it matters. */
const DescribedIdSchema = z.strictObject({
  id: text(),
  description: text(),
});

const TextItemSchema = z.strictObject({
  type: z.literal("text"),
  label: text(),
  content: text(),
});

const ImageItemSchema = z.strictObject({
  type: z.literal("img"),
  filename: text(),
  label: z.optional(text()),
});

const AudioItemSchema = z.strictObject({
  type: z.literal("audio"),
  filename: text(),
  label: z.optional(text()),
});

const ChartItemSchema = z.strictObject({
  type: z.literal("chart"),
  data: z
    .array(
      z.strictObject({
        label: text(),
        score: z.number().check(z.gte(0), z.lte(1)),
      }),
    )
    .check(z.minLength(1)),
});

const TabularItemSchema = z.strictObject({
  type: z.literal("tabular"),
  data: z.array(z.array(z.string())).check(z.minLength(1)),
});

const TextWithTokensItemSchema = z
  .strictObject({
    type: z.literal("text-with-tokens"),
    content: text(),
    tokens: z.array(
      z.strictObject({
        type: text(),
        start: z.int().check(z.gte(0)),
        end: z.int().check(z.gte(0)),
      }),
    ),
  })
  .check(
    z.superRefine((item, ctx) => {
      item.tokens.forEach((token, index) => {
        if (token.start >= token.end || token.end > item.content.length) {
          ctx.addIssue({
            code: "custom",
            path: ["tokens", index],
            message: `token span ${token.start}..${token.end} is outside the content (length ${item.content.length})`,
          });
        }
      });
    }),
  );

export const DemoItemSchema = z.discriminatedUnion("type", [
  TextItemSchema,
  ImageItemSchema,
  AudioItemSchema,
  ChartItemSchema,
  TabularItemSchema,
  TextWithTokensItemSchema,
]);

export const TaskSchema = z.strictObject({
  id: text(),
  label: text(),
  summary: text(),
  libraries: z.array(text()),
  datasets: z.array(DescribedIdSchema),
  demo: z.strictObject({
    inputs: z.array(DemoItemSchema),
    outputs: z.array(DemoItemSchema),
  }),
  metrics: z.array(DescribedIdSchema),
  models: z.array(DescribedIdSchema),
  spaces: z.array(DescribedIdSchema),
  widgetModels: z.array(text()),
  youtubeId: z.optional(text()),
  canonicalId: z.optional(text()),
  isPlaceholder: z.optional(z.boolean()),
});

const SubtaskSchema = z.strictObject({ id: text(), label: text() });

export const ModalitySchema = z.strictObject({ id: text(), label: text() });

export const PipelineSchema = z.strictObject({
  id: text(),
  label: text(),
  modality: text(),
  subtasks: z.optional(z.array(SubtaskSchema)),
  hideInModels: z.optional(z.boolean()),
  hideInDatasets: z.optional(z.boolean()),
});

/** The shape of a package name on PyPI or npm, extras (`pkg[extra]`) and npm scopes included: nothing a shell reads. */
const packageNamePattern = /^(@[a-z0-9][a-z0-9._-]*\/)?[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?$/;

/**
 * What a library's loading recipe was last checked against: the library's code (a released package at a version,
 * or a repository at a commit when the recipe installs from it or it has no release), the day, the symbols read
 * there (import paths, classes, functions with the arguments the snippet passes, files it expects), and how the
 * recipe is proven: `executed` (it runs in the test suite on a tiny model), `signature` (the test suite checks its
 * calls against the package's source) or `read` (checked by reading only).
 */
export const RecipeCheckSchema = z
  .strictObject({
    package: z.optional(text().check(z.regex(packageNamePattern))),
    version: z.optional(text().check(z.regex(/^\d+(\.\d+)*([a-z]+\d*)?(\.post\d+)?$/))),
    repository: z.optional(z.url()),
    commit: z.optional(text().check(z.regex(/^[0-9a-f]{7,40}$/))),
    date: text().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    symbols: z.array(text()).check(z.minLength(1)),
    proof: z.enum(["executed", "signature", "read"]),
    notes: z.optional(text()),
    /**
     * Why the version read is older than the release the install line fetches today, when it is: that release's
     * code could not be read here (not on the machine's package index, not in the code index). The test allows an
     * older version only with this reason, and counts them.
     */
    olderThanLatest: z.optional(text()),
  })
  .check(
    z.refine(
      (check) => (check.package !== undefined && check.version !== undefined) || (check.repository !== undefined && check.commit !== undefined),
      "a recipe check names a package and its version, or a repository and its commit",
    ),
  );

/** A model library of the Hub: the `library_name` of its models, where it lives, and the tasks it serves. */
export const LibrarySchema = z.strictObject({
  key: text(),
  prettyLabel: text(),
  repoName: text(),
  repoUrl: z.url(),
  docsUrl: z.optional(z.url()),
  /** Whether the Hub offers the library as a filter of its model list. */
  filter: z.boolean(),
  /** The Hub's query for which files count as a download of this library's models. */
  countDownloads: z.optional(text()),
  tasks: z.array(text()),
  /**
   * What its loading code needs installed: packages from PyPI (`pip`) or npm (`npm`), by their names on the index,
   * and a command for what no index has (a clone, a git URL, brew). Every library with a recipe has one.
   */
  install: z.optional(
    z.strictObject({
      command: z.optional(text()),
      pip: z.optional(z.array(text().check(z.regex(packageNamePattern)))),
      npm: z.optional(z.array(text().check(z.regex(packageNamePattern)))),
    }),
  ),
  /** What the loading recipe was last checked against: see RecipeCheckSchema. Every library with a recipe has one. */
  checked: z.optional(RecipeCheckSchema),
  /** A file format the Hub lists as a library (GGUF), not a library of its own registry. */
  fileFormat: z.optional(z.literal(true)),
  /** What the entry is, where its name alone does not tell (a file format). */
  about: z.optional(text()),
});

/** A library that reads Hub datasets (the Hub's "Use this dataset" menu), and whether hub-snippets writes its code. */
export const DatasetLibrarySchema = z.strictObject({
  key: text(),
  prettyLabel: text(),
  repoName: text(),
  repoUrl: z.url(),
  docsUrl: z.optional(z.url()),
  description: text(),
  /** Whether `hub-snippets dataset` writes code for it. */
  snippets: z.boolean(),
});

/** A GGUF file quantization type: its code, its family, and its place from biggest (0) to smallest. */
export const QuantTypeSchema = z.strictObject({
  name: text(),
  code: z.int().check(z.gte(0)),
  kind: z.enum(["float", "legacy", "k-quant", "i-quant", "ternary", "fp4", "dynamic"]),
  sizeRank: z.int().check(z.gte(0)),
  /**
   * About how many bits a weight takes in a file of this type, embeddings and output layers included: the
   * project's own round figures, used only to estimate a file's size when the record does not give it.
   */
  bitsPerWeight: z.optional(z.number().check(z.gt(0), z.lte(32))),
});

/** A GGML tensor type. */
export const TensorTypeSchema = z.strictObject({
  name: text(),
  code: z.int().check(z.gte(0)),
});

export const QuantDataSchema = z.strictObject({
  fileTypes: z.array(QuantTypeSchema),
  tensorTypes: z.array(TensorTypeSchema),
});

/**
 * The kinds of model a local app runs, as the Hub's rules for its apps tell them apart:
 * - `gguf`: GGUF files of a language model (the record's GGUF header names a context length, or the record carries
 *   no header at all); `gguf-tools`: such a chat model whose template takes tools (what agents need);
 * - `mlx`: MLX weights; `mlx-text-generation`: those of a text-generation model (what MLX LM runs); `mlx-tools`:
 *   those of a chat model whose template takes tools;
 * - `transformers-llm`: transformers (or AWQ/GPTQ/AQLM/Marlin-quantized) weights of a text-generation or
 *   image-text-to-text model; `llm-serving`: those or a GGUF language model of the same tasks (what vLLM serves);
 * - `tgi`: a model tagged `text-generation-inference` (an architecture TGI serves);
 * - `diffusers-text-to-image`: a diffusers text-to-image pipeline; `diffusers-image`: that or a diffusers LoRA;
 *   `diffusers-image-safetensors`: either with safetensors weights;
 * - `coreml-joyfusion`: a Core ML image model made for JoyFusion; `unsloth`: a model tagged `unsloth`; `onnx`.
 */
export const ModelFormatSchema = z.enum([
  "gguf",
  "gguf-embedding",
  "gguf-reranking",
  "gguf-tools",
  "mlx",
  "mlx-text-generation",
  "mlx-tools",
  "transformers-llm",
  "llm-serving",
  "tgi",
  "diffusers-text-to-image",
  "diffusers-image",
  "diffusers-image-safetensors",
  "coreml-joyfusion",
  "unsloth",
  "onnx",
]);

/** A local app: how it is reached (commands to run, or a link that opens it) and which models it runs. */
export const LocalAppSchema = z.strictObject({
  key: text(),
  label: text(),
  docsUrl: z.url(),
  mainTask: text(),
  macOSOnly: z.boolean(),
  kind: z.enum(["snippet", "deeplink"]),
  appliesTo: z.array(ModelFormatSchema),
  /** One of the few apps shown by default for a model it runs; the others are named, and one `--app` away. */
  shortlist: z.optional(z.literal(true)),
});

export type DescribedId = z.infer<typeof DescribedIdSchema>;
export type DemoItem = z.infer<typeof DemoItemSchema>;
export type DemoItemType = DemoItem["type"];
export type Task = z.infer<typeof TaskSchema>;
export type Subtask = z.infer<typeof SubtaskSchema>;
export type Modality = z.infer<typeof ModalitySchema>;
export type Pipeline = z.infer<typeof PipelineSchema>;
export type Library = z.infer<typeof LibrarySchema>;
export type RecipeCheck = z.infer<typeof RecipeCheckSchema>;
export type DatasetLibrary = z.infer<typeof DatasetLibrarySchema>;
export type QuantType = z.infer<typeof QuantTypeSchema>;
export type ModelFormat = z.infer<typeof ModelFormatSchema>;
export type LocalApp = z.infer<typeof LocalAppSchema>;
export type TensorType = z.infer<typeof TensorTypeSchema>;

/** What transformers' quantizers need installed, by the `quant_method` of a checkpoint's quantization_config (data/quantizers.json). */
export const QuantizersDataSchema = z.strictObject({
  source: text(),
  transformers: text(),
  /** The PyPI name of each import name transformers probes that differs from it. */
  pipNames: z.record(z.string(), text()),
  methods: z.record(
    z.string(),
    z.strictObject({
      pip: z.array(text()),
      /** transformers' own keys for this quant_method, when they differ from it (bitsandbytes is two). */
      transformers: z.optional(z.array(text())),
    }),
  ),
  /** What the install line deliberately leaves out of what transformers checks, and why. */
  differences: z.array(z.strictObject({ method: text(), package: text(), why: text() })),
});
export type QuantizersData = z.infer<typeof QuantizersDataSchema>;

/** Base models known to be gated (data/gated-bases.json): the repositories, whole owners, and id prefixes. */
export const GatedBasesDataSchema = z.strictObject({
  source: text(),
  read: text(),
  owners: z.array(text()),
  prefixes: z.array(text()),
  repositories: z.array(text()),
});
export type GatedBasesData = z.infer<typeof GatedBasesDataSchema>;
