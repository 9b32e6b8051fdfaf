import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import type { ModelRecord } from "../../src/model/record.js";
import { endpointsStandin } from "../helpers/endpoints-standin.js";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { removeSnippetDirs, runSnippet } from "../helpers/run-snippet.js";
import { baseModel, embeddings, example } from "./records.js";

/*
 * The Inference Endpoints snippet's install line names what its call needs: each snippet runs, unchanged, against
 * the stand-in of the Endpoints API in .venv-deploy/, which holds huggingface_hub alone. A snippet whose line names
 * nothing more runs there; one whose line adds numpy (an embedding) or Pillow (an image) fails there for the want of
 * it, and runs in .venv/, which has both.
 */

const bare = fileURLToPath(new URL("../../.venv-deploy/bin/python", import.meta.url));
const ready =
  venvHas(["huggingface_hub"], bare, "bash scripts/python-venv.sh test/python/requirements-deploy.txt .venv-deploy") &&
  venvHas(["huggingface_hub", "numpy", "PIL"]);

let recorder: Recorder;
beforeAll(async () => {
  let origin = "";
  const standin = endpointsStandin(() => origin);
  recorder = await startRecorder(standin.responder);
  origin = recorder.origin;
});
afterAll(async () => {
  await recorder?.close();
  removeSnippetDirs();
});

const cases: { label: string; record: ModelRecord; needs: string | undefined }[] = [
  { label: "a chat model", record: example("llama-3.1-8b-instruct"), needs: undefined },
  { label: "a base model", record: baseModel, needs: undefined },
  { label: "a zero-shot classifier", record: example("bart-large-mnli"), needs: undefined },
  { label: "an embeddings model", record: embeddings, needs: "numpy" },
  { label: "a text-to-image pipeline", record: example("flux.1-dev"), needs: "pillow" },
];

describe.runIf(ready)("the Inference Endpoints snippet's install line", () => {
  it.each(cases)("$label: names what the call needs ($needs)", async ({ record, needs }) => {
    const snippet = getDeploySnippets(record, { target: "endpoints" }).snippets[0];
    if (snippet === undefined) throw new Error(`no snippet for ${record.id}`);
    expect(snippet.install).toBe(`pip install -U huggingface-hub${needs === undefined ? "" : ` ${needs}`}`);
    const env = { PYTHONPATH: pythonRedirect, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, HUB_SNIPPETS_TEST_NO_SLEEP: "1", HF_HOME: "/nonexistent-hf-home" };
    const alone = await runSnippet(snippet, { python: bare, env, timeoutMs: 60_000 });
    if (needs === undefined) {
      expect(alone.code, alone.stderr).toBe(0);
      return;
    }
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toMatch(needs === "numpy" ? /numpy/ : /PIL|Pillow/);
    const full = await runSnippet(snippet, { python: venvPython, env, timeoutMs: 60_000 });
    expect(full.code, full.stderr).toBe(0);
  });
});
