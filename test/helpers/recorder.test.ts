import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { binaryOutput, binaryResponder, startRecorder, type Recorder, type RecordedRequest } from "./recorder.js";
import { hasRuntime, removeSnippetDirs, runSnippet, sampleFiles } from "./run-snippet.js";

function only(recorder: Recorder): RecordedRequest {
  expect(recorder.requests).toHaveLength(1);
  const request = recorder.requests[0];
  if (request === undefined) throw new Error("no request recorded");
  return request;
}

const curlSnippet = String.raw`#!/usr/bin/env bash
set -euo pipefail
curl -sS https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{"inputs": "I like you. I love you"}'
`;

const pythonSnippet = String.raw`import os
import requests

API_URL = "https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "audio/flac",
}

def query(filename):
    with open(filename, "rb") as f:
        data = f.read()
    response = requests.post(API_URL, headers=headers, data=data)
    return response.json()

print(query("sample.flac"))
`;

const nodeStreamSnippet = String.raw`const response = await fetch("https://router.huggingface.co/v1/chat/completions", {
    method: "POST",
    headers: {
        Authorization: "Bearer " + process.env.HF_TOKEN,
        "Content-Type": "application/json",
    },
    body: JSON.stringify({
        model: "meta-llama/Llama-3.1-8B-Instruct",
        messages: [{ role: "user", content: "What is the capital of France?" }],
        stream: true,
    }),
});
if (!response.ok) throw new Error("HTTP " + response.status);
const decoder = new TextDecoder();
let buffer = "";
for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of event.split("\n")) {
            if (!line.startsWith("data: ")) continue;
            const data = line.slice("data: ".length);
            if (data === "[DONE]") continue;
            const delta = JSON.parse(data).choices[0].delta.content;
            if (delta) process.stdout.write(delta);
        }
    }
}
process.stdout.write("\n");
`;

// The process "exit" hook in run-snippet.ts does not fire reliably inside vitest workers; clean up explicitly.
afterAll(() => removeSnippetDirs());

describe("recorder + runSnippet", () => {
  let recorder: Recorder;

  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(async () => {
    await recorder.close();
  });
  beforeEach(() => recorder.reset());

  it("listens on 127.0.0.1 only", () => {
    expect(recorder.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.skipIf(!hasRuntime("curl"))("records a bash curl POST with a JSON body", async () => {
    const run = await runSnippet({ language: "sh", client: "curl", content: curlSnippet }, { origin: recorder.origin });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ label: "POSITIVE", score: 0.9 }]);

    const request = only(recorder);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english");
    expect(request.headers.authorization).toBe("Bearer hf_test_token");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body.toString("utf8"))).toEqual({
      inputs: "I like you. I love you",
    });
  });

  it.skipIf(!hasRuntime("python3-requests"))("records a python requests audio upload byte for byte", async () => {
    const run = await runSnippet({ language: "python", client: "requests", content: pythonSnippet }, { origin: recorder.origin });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("POSITIVE");

    const request = only(recorder);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/hf-inference/models/openai/whisper-large-v3");
    expect(request.headers.authorization).toBe("Bearer hf_test_token");
    expect(request.headers["content-type"]).toBe("audio/flac");
    const expected = sampleFiles["sample.flac"];
    expect(expected?.length).toBeGreaterThan(1024);
    expect(request.body.equals(expected ?? Buffer.alloc(0))).toBe(true);
  });

  it.skipIf(!hasRuntime("node"))("streams a chat completion to a node fetch snippet", async () => {
    const run = await runSnippet({ language: "js", client: "fetch", content: nodeStreamSnippet }, { origin: recorder.origin });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("Hello world");

    const request = only(recorder);
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer hf_test_token");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body.toString("utf8"))).toEqual({
      model: "meta-llama/Llama-3.1-8B-Instruct",
      messages: [{ role: "user", content: "What is the capital of France?" }],
      stream: true,
    });
  });

  it("answers a non-streaming chat completion with an OpenAI chat.completion", async () => {
    const response = await fetch(`${recorder.origin}/v1/chat/completions?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [] }),
    });
    expect(response.headers.get("content-type")).toBe("application/json");
    const json = (await response.json()) as {
      object: string;
      model: string;
      choices: unknown[];
    };
    expect(json.object).toBe("chat.completion");
    expect(json.model).toBe("m");
    expect(json.choices[0]).toMatchObject({
      message: { role: "assistant", content: "Hello world" },
    });
    expect(only(recorder).path).toBe("/v1/chat/completions?x=1");
  });

  it("kills a snippet that runs past its timeout, grandchildren included, and reports it", async () => {
    const started = Date.now();
    const run = await runSnippet(
      {
        language: "sh",
        client: "curl",
        content: "echo started\nsleep 30\necho finished\n",
      },
      { origin: recorder.origin, timeoutMs: 400 },
    );
    // Killed, not waited for: well before the 30 s sleep ends, however busy the machine.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.timedOut).toBe(true);
    expect(run.code).toBeNull();
    expect(run.signal).toBe("SIGKILL");
    expect(run.stdout).toBe("started\n");
    expect(run.stderr).toContain("killed after 400 ms timeout");
  });

  it("passes options.env and writes the sample files into the run directory", async () => {
    const run = await runSnippet(
      {
        language: "sh",
        client: "curl",
        content: 'printf "%s %s" "$HF_TOKEN" "$EXTRA"\n',
      },
      { origin: recorder.origin, env: { EXTRA: "yes" } },
    );
    expect(run.stdout).toBe("hf_test_token yes");
    for (const [name, bytes] of Object.entries(sampleFiles)) {
      expect((await readFile(join(run.dir, name))).equals(bytes)).toBe(true);
    }
  });
});

describe.skipIf(!hasRuntime("curl"))("binaryResponder", () => {
  it("lets a snippet save the binary output to a file", async () => {
    const recorder = await startRecorder(binaryResponder);
    try {
      const run = await runSnippet(
        {
          language: "sh",
          client: "curl",
          content: String.raw`curl -sS -o output.bin https://router.huggingface.co/hf-inference/models/x/y \
    -X POST -H "Authorization: Bearer $HF_TOKEN" -H 'Content-Type: application/json' -d '{"inputs":"a cat"}'
`,
        },
        { origin: recorder.origin },
      );
      expect(run.code).toBe(0);
      expect((await readFile(join(run.dir, "output.bin"))).equals(binaryOutput)).toBe(true);
      expect(recorder.requests).toHaveLength(1);
    } finally {
      await recorder.close();
    }
  });
});
