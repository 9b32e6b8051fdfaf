import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliBatch } from "../helpers/cli-batch.js";
import { expectOneDiagnosticLine } from "../helpers/snippet-cli.js";

/*
 * `snippet <record> --deploy [target]` (issue 54): the deploy code on stdout as any snippet, kind `deploy` in
 * --json, an unknown target a usage error listing the targets (exit 2), a target that cannot serve the model its
 * reason (exit 1), and the default answer's one line naming --deploy.
 */

const runAll = (lines: string[][]) => runCliBatch(lines.map((args) => ({ args })));

describe("snippet --deploy", () => {
  it("reads the record as the other snippets do: bad input exits 2, and record text never reaches the terminal raw", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hub-snippets-deploy-cli-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{not json");
    const hostile = join(dir, "hostile.json");
    // The CLI refuses an id that is not a Hub id; a file name is any text: a GGUF file's reaches the code.
    const file = "evil\u001b]52;c;AAAA\u0007me\u009b2J-Q4_K_M.gguf";
    writeFileSync(hostile, JSON.stringify({ id: "acme/model-GGUF", library_name: "gguf", tags: ["gguf"], siblings: [{ rfilename: file, size: 2e9 }] }));
    const [broken, evil] = await runAll([
      ["snippet", bad, "--deploy"],
      ["snippet", hostile, "--deploy"],
    ]);
    expect(broken!.code).toBe(2);
    expectOneDiagnosticLine(broken!.stderr, "invalid JSON at line 1 column 2");
    expect(evil!.code, evil!.stderr).toBe(0);
    for (const text of [evil!.stdout, evil!.stderr]) expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(evil!.stdout).toContain('"/repository/evil\\x1b]52;c;AAAA\\x07me\\x9b2J-Q4_K_M.gguf"');
  });

  it("writes the Inference Endpoints code alone, as a file that runs, with the decision on stderr", async () => {
    const [one, all, taken] = await runAll([
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "endpoints"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy"],
      ["snippet", "--deploy", "example:llama-3.1-8b-instruct"],
    ]);
    expect(one!.code, one!.stderr).toBe(0);
    expect(one!.stdout).toMatch(/^# pip install -U huggingface-hub\nimport os\n/);
    expect(one!.stdout).toContain("endpoint = create_inference_endpoint(");
    expect(one!.stdout).toContain('instance_type="nvidia-l4"');
    expect(one!.stderr).toContain("vLLM on nvidia-l4-x1");
    expect(one!.stderr).not.toContain("SageMaker");
    // No target: every target, each under its title, those without code named on stderr; the record given after
    // --deploy is the record.
    expect(all!.code, all!.stderr).toBe(0);
    expect(all!.stdout).toContain("# python/huggingface_hub\n# pip install -U huggingface-hub\n");
    expect(all!.stdout).toContain("# python/boto3\n# pip install -U boto3\n");
    expect(all!.stdout).toContain("# python/google-cloud-aiplatform\n# pip install -U google-cloud-aiplatform\n");
    expect(all!.stderr).toContain("no Azure Machine Learning code: the model is gated or private");
    expect(taken!.code, taken!.stderr).toBe(0);
    expect(taken!.stdout).toBe(all!.stdout);
  });

  it("gives kind deploy in --json, and takes --memory, --vendor and --instance", async () => {
    const [json, memory, vendor, instance] = await runAll([
      ["snippet", "example:bart-large-mnli", "--deploy", "--json"],
      ["snippet", "example:llama-3.2-3b-instruct-gguf", "--deploy", "endpoints", "--memory", "4GB"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "endpoints", "--vendor", "gcp"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "endpoints", "--instance", "nvidia-a100-x1"],
    ]);
    expect(json!.code, json!.stderr).toBe(0);
    const items = JSON.parse(json!.stdout) as { kind: string; language: string; client: string; content: string }[];
    // A zero-shot classifier: Inference Endpoints' toolkit, and Vertex AI's and Azure ML's (data/deploy/cloud-tasks.json).
    expect(items.map(({ kind, language, client }) => ({ kind, language, client }))).toEqual([
      { kind: "deploy", language: "python", client: "huggingface_hub" },
      { kind: "deploy", language: "python", client: "google-cloud-aiplatform" },
      { kind: "deploy", language: "python", client: "azure-ai-ml" },
    ]);
    expect(items[0]!.content).toContain('repository="facebook/bart-large-mnli"');
    expect(memory!.code, memory!.stderr).toBe(0);
    expect(memory!.stdout).toMatch(/container_args=\["--model", "\/repository\/Llama-3\.2-3B-Instruct-Q[0-9A-Z_]+\.gguf"\]/);
    expect(vendor!.stdout).toContain('vendor="gcp"');
    expect(instance!.stdout).toContain('instance_type="nvidia-a100"');
  });

  it("writes SageMaker's two forms, boto3's and the SageMaker Python SDK v3's, and --client picks one", async () => {
    const [both, sdk, boto3] = await runAll([
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "sagemaker"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "sagemaker", "--client", "sagemaker"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "sagemaker", "--client", "boto3", "--json"],
    ]);
    expect(both!.code, both!.stderr).toBe(0);
    expect(both!.stdout).toContain("# python/boto3\n# pip install -U boto3\n");
    expect(both!.stdout).toContain('# python/sagemaker\n# pip install -U "sagemaker>=3"\n');
    expect(both!.stderr).toContain("--client boto3 or --client sagemaker");
    expect(sdk!.code, sdk!.stderr).toBe(0);
    expect(sdk!.stdout).toMatch(/^# pip install -U "sagemaker>=3"\nimport json\n/);
    expect(sdk!.stdout).toContain("builder = ModelBuilder(");
    expect(sdk!.stdout).not.toContain("boto3");
    expect(sdk!.stderr).not.toContain("--client boto3 or");
    expect(boto3!.code, boto3!.stderr).toBe(0);
    expect((JSON.parse(boto3!.stdout) as { client: string }[]).map((item) => item.client)).toEqual(["boto3"]);
  });

  it("takes --region where the target's table has it, and refuses one it lacks (exit 1) or Azure ML's (exit 2)", async () => {
    const [sagemaker, vertex, unknown, azure, alone] = await runAll([
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "sagemaker", "--region", "eu-west-1", "--client", "boto3"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "vertex", "--region", "europe-west4"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "sagemaker", "--region", "mars-1"],
      ["snippet", "example:bart-large-mnli", "--deploy", "azure", "--region", "eastus"],
      ["snippet", "example:bart-large-mnli", "--region", "eu-west-1"],
    ]);
    expect(sagemaker!.code, sagemaker!.stderr).toBe(0);
    expect(sagemaker!.stdout).toContain(".dkr.ecr.eu-west-1.amazonaws.com/");
    expect(vertex!.stdout).toContain('location="europe-west4"');
    expect(unknown!.code).toBe(1);
    expectOneDiagnosticLine(unknown!.stderr, "unknown region 'mars-1' in the table of Amazon SageMaker", "us-east-1, us-east-2");
    expect(azure!.code).toBe(2);
    expectOneDiagnosticLine(azure!.stderr, "--region does not apply to Azure ML");
    expect(alone!.code).toBe(2);
    expectOneDiagnosticLine(alone!.stderr, "--region chooses a dedicated endpoint's hardware: give it with --deploy");
    for (const outcome of [unknown, azure, alone]) expect(outcome!.stdout).toBe("");
  });

  it("takes --context, --name, --engine-arg and --env as hf endpoints does, and refuses them where they cannot apply (exit 2)", async () => {
    const chat = "example:llama-3.1-8b-instruct";
    const [set, noDeploy, badContext, badName, badEnv, elsewhere, everyTarget] = await runAll([
      [
        "snippet",
        chat,
        "--deploy",
        "endpoints",
        "--context",
        "8192",
        "--name",
        "my-llama",
        "--engine-arg=--enable-prefix-caching",
        "--env",
        "A=1",
        "--env",
        "B=2",
      ],
      ["snippet", chat, "--context", "8192"],
      ["snippet", chat, "--deploy", "endpoints", "--context", "12x"],
      ["snippet", chat, "--deploy", "--name", "Bad_Name"],
      ["snippet", chat, "--deploy", "endpoints", "--env", "1=2"],
      ["snippet", chat, "--deploy", "sagemaker", "--engine-arg=--x"],
      ["snippet", chat, "--deploy", "--name", "my-llama", "--env", "A=1"],
    ]);
    expect(set!.code, set!.stderr).toBe(0);
    expect(set!.stdout).toContain('name = "my-llama"');
    expect(set!.stdout).toMatch(/"--max-model-len",\s*"8192",\s*"--enable-prefix-caching",/);
    expect(set!.stdout).toContain('env={"A": "1", "B": "2"}');
    expect(set!.stderr).toContain("hf endpoints catalog deploy --repo");
    expectOneDiagnosticLine(noDeploy!.stderr, "--context chooses a dedicated endpoint's hardware: give it with --deploy");
    expectOneDiagnosticLine(badContext!.stderr, "--context '12x' is not a number of tokens");
    expectOneDiagnosticLine(badName!.stderr, "--name 'Bad_Name' is not an endpoint name");
    expectOneDiagnosticLine(badEnv!.stderr, "--env '1=2' is not NAME=VALUE");
    expectOneDiagnosticLine(elsewhere!.stderr, "--engine-arg sets Inference Endpoints' container: give it with --deploy endpoints");
    for (const refused of [noDeploy, badContext, badName, badEnv, elsewhere]) expect(refused!.code).toBe(2);
    // Every target's code takes the name; --env goes to Inference Endpoints' alone, and a note says so.
    expect(everyTarget!.code, everyTarget!.stderr).toBe(0);
    expect(everyTarget!.stdout.match(/name = "my-llama"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(everyTarget!.stderr).toContain("--env: Inference Endpoints' code only");
  });

  it("refuses an unknown target (exit 1, with the nearest or the list) and says why a target has no code (exit 1)", async () => {
    const [unknown, misspelt, sagemaker, tooSmall, language, vendorAlone, withLibrary] = await runAll([
      ["snippet", "example:bart-large-mnli", "--deploy", "heroku"],
      ["snippet", "example:bart-large-mnli", "--deploy", "sagemakr"],
      ["snippet", "example:bart-large-mnli", "--deploy", "sagemaker"],
      ["snippet", "example:llama-3.1-8b-instruct", "--deploy", "endpoints", "--instance", "nvidia-t4-x1"],
      ["snippet", "example:bart-large-mnli", "--deploy", "--lang", "sh"],
      ["snippet", "example:bart-large-mnli", "--vendor", "gcp"],
      ["snippet", "example:bart-large-mnli", "--deploy", "--library"],
    ]);
    expect(unknown!.code).toBe(1);
    expectOneDiagnosticLine(unknown!.stderr, "unknown deploy target 'heroku'; one of: endpoints, sagemaker, vertex, azure");
    expect(misspelt!.code).toBe(1);
    expectOneDiagnosticLine(misspelt!.stderr, "unknown deploy target 'sagemakr'; did you mean sagemaker?");
    expect(sagemaker!.code).toBe(1);
    expectOneDiagnosticLine(sagemaker!.stderr, "writes SageMaker code for TGI (text generation) and TEI (embeddings) only");
    expect(tooSmall!.code).toBe(1);
    expectOneDiagnosticLine(tooSmall!.stderr, "cannot run it: too small: vLLM has 12.9 GB (92% of its memory), and the model needs 21.3 GB");
    expect(language!.code).toBe(1);
    expectOneDiagnosticLine(language!.stderr, "deploy snippets exist for: python/huggingface_hub");
    expect(vendorAlone!.code).toBe(2);
    expect(withLibrary!.code).toBe(2);
    for (const outcome of [unknown, sagemaker, tooSmall, language, vendorAlone, withLibrary]) expect(outcome!.stdout).toBe("");
  });

  it("is not in the default answer, which names --deploy in one stderr line where a target applies", async () => {
    const [served, unserved, narrowed] = await runAll([
      ["snippet", "example:bart-large-mnli"],
      ["snippet", "test/fixtures/hub-records/timm-resnet50-no-mapping.json"],
      ["snippet", "example:bart-large-mnli", "--lang", "python", "--client", "requests"],
    ]);
    expect(served!.code, served!.stderr).toBe(0);
    expect(served!.stdout).not.toContain("create_inference_endpoint");
    expect(served!.stderr.split("\n").filter((line) => line.includes("--deploy"))).toEqual([
      "hub-snippets: facebook/bart-large-mnli can also be deployed on a dedicated endpoint (endpoints, vertex, azure): snippet --deploy [target]",
    ]);
    const [chat] = await runAll([["snippet", "example:llama-3.1-8b-instruct"]]);
    expect(chat!.stderr.split("\n").filter((line) => line.includes("--deploy"))).toEqual([
      "hub-snippets: meta-llama/Llama-3.1-8B-Instruct can also be deployed on a dedicated endpoint (endpoints, sagemaker, vertex): snippet --deploy [target]",
    ]);
    expect(unserved!.stderr).not.toContain("--deploy");
    expect(narrowed!.stderr).not.toContain("--deploy");
  });
});

describe("snippet --deploy --notebook", () => {
  it("writes the notebook of one target's code, and refuses what would create several endpoints or is not Python (exit 2)", async () => {
    const model = "example:llama-3.1-8b-instruct";
    const [endpoints, sagemaker, every, both, js, json] = await runAll([
      ["snippet", model, "--deploy", "endpoints", "--notebook"],
      ["snippet", model, "--deploy", "sagemaker", "--client", "boto3", "--notebook"],
      ["snippet", model, "--deploy", "--notebook"],
      ["snippet", model, "--deploy", "sagemaker", "--notebook"],
      ["snippet", model, "--deploy", "endpoints", "--notebook", "--lang", "js"],
      ["snippet", model, "--deploy", "endpoints", "--notebook", "--json"],
    ]);
    expect(endpoints!.code, endpoints!.stderr).toBe(0);
    const notebook = JSON.parse(endpoints!.stdout) as { nbformat: number; cells: { id: string; source: string[] }[] };
    expect(notebook.nbformat).toBe(4);
    const code = notebook.cells.find((cell) => cell.id === "snippet-1")!.source.join("");
    expect(code).toContain("create_inference_endpoint(");
    expect(notebook.cells.find((cell) => cell.id === "token-check")!.source.join("")).toContain('find_secret("HF_TOKEN")');
    expect(sagemaker!.code, sagemaker!.stderr).toBe(0);
    expect(sagemaker!.stdout).toContain("SAGEMAKER_ROLE_ARN");
    expect(every!.code).toBe(2);
    expectOneDiagnosticLine(every!.stderr, "a deploy notebook creates one endpoint, and endpoints/huggingface_hub, sagemaker/boto3");
    expect(both!.code).toBe(2);
    expectOneDiagnosticLine(both!.stderr, "sagemaker/boto3, sagemaker/sagemaker would each create one");
    expect(js!.code).toBe(2);
    expectOneDiagnosticLine(js!.stderr, "--notebook writes Python");
    expect(json!.code).toBe(2);
    expectOneDiagnosticLine(json!.stderr, "--notebook writes the notebook's own JSON");
  });
});
