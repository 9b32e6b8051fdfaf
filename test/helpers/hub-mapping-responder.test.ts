import { describe, expect, it } from "vitest";
import { readHubRecordJson } from "./hub-records.js";
import { modelApiRequests, withHubModelApi } from "./hub-mapping-responder.js";
import type { RecordedRequest, RecorderResponse } from "./recorder.js";

const get = (path: string, headers: Record<string, string> = {}): RecordedRequest => ({ method: "GET", path, headers, body: Buffer.alloc(0) });
const passedOn: RecorderResponse = { status: 299, body: "passed on" };
const answer = async (record: Record<string, unknown>, request: RecordedRequest) => {
  const reply = await withHubModelApi(record, () => passedOn)(request);
  return { status: reply.status ?? 200, body: reply === passedOn ? reply.body : (JSON.parse(String(reply.body)) as Record<string, unknown>) };
};

describe("the Hub's model API played from a record", () => {
  const llama = readHubRecordJson("llama-3.3-70b-instruct");
  const qwenList = readHubRecordJson("qwen2.5-7b-instruct-model-list");

  it("answers expand[]=inferenceProviderMapping with _id, id and the mapping only, in the record's order", async () => {
    const { status, body } = await answer(llama, get("/__host/huggingface.co/api/models/meta-llama/Llama-3.3-70B-Instruct?expand[]=inferenceProviderMapping"));
    expect(status).toBe(200);
    expect(Object.keys(body as object)).toEqual(["_id", "id", "inferenceProviderMapping"]);
    expect(body).toEqual({ _id: llama["_id"], id: llama["id"], inferenceProviderMapping: llama["inferenceProviderMapping"] });
    expect(Object.keys((body as { inferenceProviderMapping: object }).inferenceProviderMapping)[0]).toBe("nebius");
  });

  it("reads huggingface_hub's expand=… and several fields asked at once", async () => {
    const { body } = await answer(
      llama,
      get("/__host/huggingface.co/api/models/meta-llama/Llama-3.3-70B-Instruct?expand=inferenceProviderMapping&expand=gated"),
    );
    expect(Object.keys(body as object)).toEqual(["_id", "id", "inferenceProviderMapping", "gated"]);
  });

  it("turns the model list's array into the model API's object keyed by provider, keeping the order", async () => {
    const { body } = await answer(qwenList, get("/__host/huggingface.co/api/models/Qwen/Qwen2.5-7B-Instruct?expand%5B%5D=inferenceProviderMapping"));
    expect((body as { inferenceProviderMapping: unknown }).inferenceProviderMapping).toEqual({
      together: { providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", status: "live", task: "conversational" },
      "featherless-ai": { providerId: "Qwen/Qwen2.5-7B-Instruct", status: "live", task: "conversational" },
      "hf-inference": { providerId: "Qwen/Qwen2.5-7B-Instruct", status: "error", task: "conversational" },
    });
  });

  it("answers the whole record without expand, and {} for a record that lists no providers", async () => {
    const distilbert = readHubRecordJson("distilbert-sst2-no-mapping");
    const path = "/__host/huggingface.co/api/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english";
    expect((await answer(distilbert, get(path))).body).toEqual(distilbert);
    expect((await answer(distilbert, get(`${path}?expand[]=inferenceProviderMapping`))).body).toMatchObject({ inferenceProviderMapping: {} });
  });

  it("does not find another model, and hides a private one from a request without a token", async () => {
    expect((await answer(llama, get("/__host/huggingface.co/api/models/meta-llama/Llama-3.1-8B-Instruct?expand[]=inferenceProviderMapping"))).status).toBe(404);
    const hidden = readHubRecordJson("private-ticket-classifier");
    const path = "/__host/huggingface.co/api/models/acme-support/ticket-router-deberta-v3?expand[]=inferenceProviderMapping";
    expect((await answer(hidden, get(path))).status).toBe(401);
    expect((await answer(hidden, get(path, { authorization: "Bearer hf_test_token" }))).status).toBe(200);
  });

  it("hands every other request on, and tells the model API look-ups apart", async () => {
    const others = [get("/__host/huggingface.co/api/agent-harnesses"), { ...get("/__host/router.huggingface.co/fal-ai/fal-ai/flux/schnell"), method: "POST" }];
    for (const request of others) expect((await answer(llama, request)).body).toBe("passed on");
    const lookup = get("/__host/huggingface.co/api/models/meta-llama/Llama-3.3-70B-Instruct?expand[]=inferenceProviderMapping");
    expect(modelApiRequests([...others, lookup])).toEqual([lookup]);
  });
});
