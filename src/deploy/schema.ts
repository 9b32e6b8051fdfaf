// zod/mini, like the catalogue's schemas: the tables of data/deploy/ are checked by the tests, and typed from here.
import * as z from "zod/mini";

const text = () => z.string().check(z.minLength(1));

/** Where a table's facts were read, when, and what it assumes beyond them. */
const TableSourceSchema = z.strictObject({
  read: text(),
  readOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  whatIsRead: z.optional(text()),
  whatIsAssumed: text(),
});

const AcceleratorSchema = z.enum(["cpu", "gpu"]);
export type Accelerator = z.infer<typeof AcceleratorSchema>;

/** One instance type and size of Inference Endpoints' catalogue, as create_inference_endpoint names it. */
const EndpointInstanceSchema = z.strictObject({
  vendor: text(),
  region: text(),
  accelerator: AcceleratorSchema,
  instanceType: text(),
  instanceSize: z.string().check(z.regex(/^x\d+$/)),
  architecture: text(),
  /** How many accelerators (GPUs, or vCPUs for a CPU instance). */
  accelerators: z.number().check(z.int(), z.positive()),
  /** GB (10⁹ bytes): the GPUs' memory together, or a CPU instance's RAM. */
  memoryGb: z.number().check(z.positive()),
  pricePerHour: z.number().check(z.positive()),
  /** The pricing page's deprecation mark: such an instance is never chosen, only named. */
  deprecated: z.optional(text()),
});
export type EndpointInstance = z.infer<typeof EndpointInstanceSchema>;

export const EndpointHardwareSchema = z.strictObject({
  source: TableSourceSchema,
  instances: z.array(EndpointInstanceSchema).check(z.minLength(1)),
});
export type EndpointHardware = z.infer<typeof EndpointHardwareSchema>;

const EngineKeySchema = z.enum(["vllm", "tei", "llama.cpp", "toolkit"]);
export type EngineKey = z.infer<typeof EngineKeySchema>;

/** A serving engine of Inference Endpoints: its image variant, the images by accelerator, and where it is healthy. */
const EndpointEngineSchema = z.strictObject({
  key: EngineKeySchema,
  label: text(),
  /** The `model.image` variant key (huggingface_hub's ENGINE_IMAGE_KEYS); none for the managed default image. */
  imageKey: z.optional(text()),
  framework: text(),
  /** The accelerators it is deployed on, the preferred first. */
  accelerators: z.array(AcceleratorSchema).check(z.minLength(1)),
  port: z.optional(z.number().check(z.int(), z.positive())),
  healthRoute: z.optional(z.string().check(z.regex(/^\//))),
  /** Image URLs by instance type, else by accelerator (`gpu`, `cpu`). */
  images: z.record(z.string(), text()),
  /** Whether the image takes `tensorParallelSize`, to spread the weights over several GPUs (whether it does: engine-rules.json). */
  tensorParallel: z.boolean(),
});
export type EndpointEngine = z.infer<typeof EndpointEngineSchema>;

export const EndpointEnginesSchema = z.strictObject({
  source: TableSourceSchema,
  engines: z.array(EndpointEngineSchema).check(z.minLength(1)),
});
export type EndpointEngines = z.infer<typeof EndpointEnginesSchema>;

/** A Hugging Face serving container of SageMaker, as the SageMaker Python SDK's image URI configuration names it. */
const SagemakerImageSchema = z.strictObject({
  engine: z.enum(["tgi", "tei"]),
  label: text(),
  repository: text(),
  tagPrefix: text(),
  pyVersion: text(),
  containerVersion: text(),
  /** The ECR account of each region. */
  registries: z.record(z.string(), z.string().check(z.regex(/^\d{12}$/))),
});
export type SagemakerImage = z.infer<typeof SagemakerImageSchema>;

const SagemakerInstanceSchema = z.strictObject({
  instanceType: z.string().check(z.regex(/^ml\.[a-z0-9]+\.[a-z0-9]+$/)),
  gpus: z.number().check(z.int(), z.positive()),
  gpuMemoryMiB: z.number().check(z.int(), z.positive()),
});
export type SagemakerInstance = z.infer<typeof SagemakerInstanceSchema>;

export const SagemakerTableSchema = z.strictObject({
  source: TableSourceSchema,
  images: z.array(SagemakerImageSchema).check(z.minLength(1)),
  instances: z.array(SagemakerInstanceSchema).check(z.minLength(1)),
});
export type SagemakerTable = z.infer<typeof SagemakerTableSchema>;

/** What a target's code was held to: the SDK and version, when, what was run and what was only read. */
const DeployCheckSchema = z.strictObject({
  package: text(),
  version: text(),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  proof: z.enum(["executed", "signature", "read"]),
  executed: text(),
  readOnly: text(),
});
export type DeployCheck = z.infer<typeof DeployCheckSchema>;

export const DeployTargetsTableSchema = z.strictObject({
  /** One row per form of a target's code: the client (the snippet's) it was written with, and what it was held to. */
  targets: z.array(z.strictObject({ target: z.enum(["endpoints", "sagemaker", "vertex", "azure"]), client: text(), checked: DeployCheckSchema })),
});
export type DeployTargetsTable = z.infer<typeof DeployTargetsTableSchema>;

/** One Vertex AI machine with GPUs, as Model Garden's deploy names it (machine_type, accelerator_type and count). */
const VertexMachineSchema = z.strictObject({
  machineType: z.string().check(z.regex(/^[a-z0-9]+-[a-z0-9-]+$/)),
  acceleratorType: z.string().check(z.regex(/^[A-Z0-9_]+$/)),
  acceleratorCount: z.number().check(z.int(), z.positive()),
  /** GB (10⁹ bytes) of one accelerator. */
  acceleratorMemoryGb: z.number().check(z.positive()),
});
export type VertexMachine = z.infer<typeof VertexMachineSchema>;

export const VertexTableSchema = z.strictObject({
  source: TableSourceSchema,
  /** The locations --region takes; the first is the default. */
  regions: z.array(z.string().check(z.regex(/^[a-z]+-[a-z]+\d+$/))).check(z.minLength(1)),
  machines: z.array(VertexMachineSchema).check(z.minLength(1)),
});
export type VertexTable = z.infer<typeof VertexTableSchema>;

/** Where a name the code uses was read: the repository, the path and the commit. */
const readAt = { repository: text(), path: text(), commit: z.string().check(z.regex(/^[0-9a-f]{40}$/)) };

/** The names an SDK's code uses, each with the source it was read from (the SDK does not install here). */
export const SdkSignaturesSchema = z.strictObject({
  readOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** Python's own names the code uses (modules of the standard library, builtins), held to nothing. */
  standard: z.array(text()),
  /** `module.name` for `from module import name`, `module` for `import module`. */
  imports: z.array(z.strictObject({ name: text(), ...readAt })),
  /** What the code calls (the last name of the call), its positional parameters in order, and every keyword it accepts. */
  callables: z.array(z.strictObject({ call: text(), qualifiedName: text(), ...readAt, positional: z.array(text()), keywords: z.array(text()) })),
});
export type SdkSignatures = z.infer<typeof SdkSignaturesSchema>;

/** One Azure ML managed online endpoint GPU instance type. */
const AzureInstanceSchema = z.strictObject({
  instanceType: z.string().check(z.regex(/^Standard_[A-Za-z0-9_]+$/)),
  gpus: z.number().check(z.int(), z.positive()),
  /** GB (10⁹ bytes) of one GPU. */
  gpuMemoryGb: z.number().check(z.positive()),
});
export type AzureInstance = z.infer<typeof AzureInstanceSchema>;

export const AzureTableSchema = z.strictObject({
  source: TableSourceSchema,
  instances: z.array(AzureInstanceSchema).check(z.minLength(1)),
});
export type AzureTable = z.infer<typeof AzureTableSchema>;

/** What a cloud target's code does with the endpoint once it runs. */
const CloudCallSchema = z.enum(["generation", "embeddings", "rerank", "inputs"]);
export type CloudCall = z.infer<typeof CloudCallSchema>;

/** The engines and tasks a cloud target's code is written for, and its rule for gated and private models. */
export const CloudTasksSchema = z.strictObject({
  source: TableSourceSchema,
  targets: z.array(
    z.strictObject({
      target: z.enum(["vertex", "azure"]),
      /** Why a GGUF repository (llama.cpp's) gets no code. */
      gguf: text(),
      /** The rows it serves: an engine, its tasks (every task the engine gets when none is listed), the call, the server's name. */
      serves: z.array(
        z.strictObject({ engine: EngineKeySchema, tasks: z.optional(z.array(text()).check(z.minLength(1))), call: CloudCallSchema, label: text() }),
      ),
      gatedOrPrivate: z.strictObject({ served: z.boolean(), why: text() }),
    }),
  ),
});
export type CloudTasks = z.infer<typeof CloudTasksSchema>;

/** A serving engine's own rules, as its source states them (data/deploy/engine-rules.json). */
const ServingEngineKeySchema = z.enum(["vllm", "tgi", "tei", "llama.cpp", "toolkit"]);
export type ServingEngineKey = z.infer<typeof ServingEngineKeySchema>;

/** How weights are loaded: see EngineRulesSchema.weightsDtype. */
const WeightsDtypeSchema = z.enum(["half", "float16", "float32", "stored"]);
export type WeightsDtype = z.infer<typeof WeightsDtypeSchema>;

/** A compute capability, as NVIDIA numbers them (7.5, 8.0, 8.9, 9.0, 10.0). */
const capability = () => z.number().check(z.gte(3), z.lte(20));

const EngineRulesSchema = z.strictObject({
  engine: ServingEngineKeySchema,
  label: text(),
  source: TableSourceSchema,
  /** The weight files it loads: safetensors and bin (PyTorch) checkpoints, or GGUF. */
  weightFormats: z.array(z.enum(["safetensors", "bin", "gguf"])).check(z.minLength(1)),
  /**
   * The dtype the weights are loaded in, on a GPU and on a CPU: `half` 16 bits for a 32-bit checkpoint and as stored otherwise (vLLM's and
   * TGI's auto dtype), `float16` always, `float32` always (the toolkit's), `stored` as the files are (GGUF).
   */
  weightsDtype: z.strictObject({ gpu: WeightsDtypeSchema, cpu: z.optional(WeightsDtypeSchema) }),
  /** Another dtype for one library's models (the toolkit loads diffusers pipelines in 16 bits on a GPU). */
  weightsDtypeByLibrary: z.optional(z.record(z.string(), z.strictObject({ gpu: WeightsDtypeSchema, cpu: z.optional(WeightsDtypeSchema) }))),
  /** Below this compute capability bfloat16 weights are loaded as `below` (or refused). */
  bfloat16: z.optional(z.strictObject({ minCapability: capability(), below: z.enum(["float16", "refused"]) })),
  /** The model types whose float16 it refuses: where bfloat16 falls back, they load in float32 (vLLM's). */
  float16Refused: z.optional(z.array(text())),
  /** The model types it loads (TEI's), where it names them. */
  modelTypes: z.optional(z.array(text())),
  /** The model types whose repository code (the config's auto_map) it runs itself (TEI's JinaBERT, a bert). */
  customCodeModelTypes: z.optional(z.array(text())),
  /** Model types it runs only from a compute capability (TEI's flash-attention-only embeddings). */
  flashOnlyModelTypes: z.optional(z.strictObject({ minCapability: capability(), modelTypes: z.array(text()).check(z.minLength(1)) })),
  /** The quantization methods (quantization_config.quant_method) it loads, with the compute capability each needs. */
  quantization: z.record(z.string(), capability()),
  /** The diffusers tasks it loads (the toolkit's), where it loads diffusers. */
  diffusersTasks: z.optional(z.array(text())),
  /** Whether it spreads one model over several GPUs. */
  multiGpu: z.boolean(),
  /** Whether the GPU count must divide the attention heads (tensor parallelism's rule). */
  headsDivideGpus: z.boolean(),
  /** Whether it must divide the KV heads too (TGI's sharded Llama). */
  kvHeadsDivideGpus: z.optional(z.boolean()),
  /** The share of a GPU's memory it takes for itself (vLLM's gpu_memory_utilization). */
  memoryFraction: z.number().check(z.positive(), z.lte(1)),
  /** GB per GPU (or per CPU instance) it needs besides the weights and the KV cache: activations, CUDA graphs, context. */
  overheadGbPerGpu: z.number().check(z.gte(0)),
  /** Bytes per value of its KV cache (0: it keeps none, an encoder). */
  kvBytesPerValue: z.number().check(z.gte(0)),
  /** How the context it is started with is set: a container argument, or environment variables; `auto` fits it to memory. */
  context: z.optional(
    z.strictObject({ argument: z.optional(text()), auto: z.optional(text()), environment: z.optional(z.array(text()).check(z.minLength(1))) }),
  ),
});
export type EngineRules = z.infer<typeof EngineRulesSchema>;

export const EngineRulesTableSchema = z.strictObject({ engines: z.array(EngineRulesSchema).check(z.minLength(1)) });
export type EngineRulesTable = z.infer<typeof EngineRulesTableSchema>;

/** A GPU model: its compute capability, and the names each target's tables give the machines that carry it. */
const GpuModelSchema = z.strictObject({
  gpu: text(),
  computeCapability: capability(),
  /** Inference Endpoints' instance types, SageMaker's instance families, Vertex AI's accelerator types, Azure ML's instance types. */
  endpoints: z.array(text()),
  sagemaker: z.array(text()),
  vertex: z.array(text()),
  azure: z.array(text()),
});
export type GpuModel = z.infer<typeof GpuModelSchema>;

export const GpuTableSchema = z.strictObject({ source: TableSourceSchema, gpus: z.array(GpuModelSchema).check(z.minLength(1)) });
export type GpuTable = z.infer<typeof GpuTableSchema>;
