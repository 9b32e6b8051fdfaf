/** The options of `snippet` that only --deploy reads: the target, the hardware, the context and the endpoint's container. */
// Typed where command-table.ts spreads them into the snippet command (an import of its type here would be a circle).
export const deployOptions = [
  {
    flags: "--deploy [target]",
    description:
      "instead of the default answer, the code that deploys the model on a dedicated endpoint and calls it: endpoints (Hugging Face Inference Endpoints), sagemaker, vertex or azure; with no target, every target that can serve it (Inference Endpoints', SageMaker's, Vertex AI's and Azure ML's code is written; SageMaker's in two forms, boto3's and the SageMaker Python SDK v3's, which --client boto3 or --client sagemaker picks)",
  },
  {
    flags: "--vendor <vendor>",
    description: "with --deploy: the cloud vendor of the endpoint's instance, aws (the default), gcp or azure",
  },
  {
    flags: "--instance <name>",
    description:
      "with --deploy: this instance instead of the cheapest that holds the model: <instance type>-<size> on Inference Endpoints (e.g. nvidia-l4-x1), ml.<family>.<size> on SageMaker (e.g. ml.g5.12xlarge)",
  },
  {
    flags: "--context <tokens>",
    description:
      "with --deploy: the context (prompt and answer, in tokens) the engine is started with and the hardware is sized for, e.g. 32768; by default the longest that fits the cheapest instance holding 8,192 tokens, up to the model's own",
  },
  {
    flags: "--name <name>",
    description:
      "with --deploy: the endpoint's name (lower-case letters, digits and hyphens, starting with a letter, at most 32 characters) instead of one made from the model's id",
  },
  {
    flags: "--engine-arg <arg>",
    description: "with --deploy endpoints: one more argument of the serving engine's container, e.g. --engine-arg=--enable-prefix-caching (repeatable)",
    repeatable: true,
  },
  {
    flags: "--env <name=value>",
    description: "with --deploy endpoints: one more environment variable of the endpoint, e.g. --env MAX_BATCH_SIZE=8 (repeatable)",
    repeatable: true,
  },
  {
    flags: "--region <region>",
    description:
      "with --deploy: the region of the endpoint, one of its target's table: Inference Endpoints' (its vendor's, e.g. us-east-1 on aws), SageMaker's (the container image's registry and the boto3 client's, e.g. eu-west-1), Vertex AI's location (e.g. europe-west4); not for azure, whose endpoint runs in the workspace's region",
  },
];
