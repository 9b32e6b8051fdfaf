// In-process throughput: hub-snippets' getInferenceSnippets against the peer's, over the same models.
import { setLogger, snippets as peer } from "@huggingface/inference";
import { getInferenceSnippets, inferenceKinds } from "../dist/index.js";

function modelFor(kind) {
  const [pipeline_tag, tags] =
    kind === "conversational"
      ? ["text-generation", ["conversational"]]
      : kind === "conversational-vision"
        ? ["image-text-to-text", ["conversational"]]
        : [kind, []];
  return { id: `acme/${kind}-model`, pipeline_tag, tags, config: {}, inference: "" };
}

const models = inferenceKinds.map(modelFor);

// The peer serves the tasks hf-inference lacks through another provider; ask it the same way it would be asked.
const providerOnlyTasks = new Set(["text-to-video", "image-to-video", "image-text-to-image", "image-text-to-video"]);
const peerProvider = (model) => (providerOnlyTasks.has(model.pipeline_tag) ? "fal-ai" : "hf-inference");
const silent = () => {};
setLogger({ debug: silent, info: silent, log: silent, warn: silent, error: silent });

/** One pass through every model: how many snippets, in how many seconds. */
function pass(generate) {
  let count = 0;
  const started = process.hrtime.bigint();
  for (const model of models) count += generate(model).length;
  return { count, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const ours = (model) => getInferenceSnippets(model);
const theirs = (model) =>
  peer.getInferenceSnippets(model, peerProvider(model), {
    hfModelId: model.id,
    provider: peerProvider(model),
    providerId: model.id,
    status: "live",
    task: model.pipeline_tag,
  });

/** Passes of one generator until `milliseconds` have gone by: how many snippets, in how many seconds. */
function slice(generate, milliseconds) {
  const total = { count: 0, seconds: 0 };
  while (total.seconds * 1000 < milliseconds) {
    const { count, seconds } = pass(generate);
    total.count += count;
    total.seconds += seconds;
  }
  return total;
}

/** Snippets per second of both generators, from totals of { snippets, seconds }. */
function rates(totals) {
  const perSecond = (total) => total.snippets / total.seconds;
  return { ours: perSecond(totals.ours), peer: perSecond(totals.peer), ratio: perSecond(totals.ours) / perSecond(totals.peer), detail: totals };
}

/**
 * Snippets per second of both generators, after warming both up for the same time (V8 optimises a function only
 * after many calls), alternating equal time slices of `sliceMilliseconds` so that both see the same machine
 * weather and neither starts every slice on caches the other left cold. (Alternating pass by pass, one pass of
 * ours, ~0.4 ms, started on the caches of one pass of the peer's, ~10 ms: ours read ~19.5× where 10 ms slices
 * read ~26×, same build; `byPass` keeps that reading, which is not the target.)
 */
export async function measureThroughput(rounds, warmUpMilliseconds = 500, sliceMilliseconds = 10) {
  slice(ours, warmUpMilliseconds);
  slice(theirs, warmUpMilliseconds);
  const sliced = { ours: { snippets: 0, seconds: 0 }, peer: { snippets: 0, seconds: 0 } };
  const byPass = { ours: { snippets: 0, seconds: 0 }, peer: { snippets: 0, seconds: 0 } };
  const measurements = [
    [sliced, (generate) => slice(generate, sliceMilliseconds)],
    [byPass, pass],
  ];
  for (let round = 0; round < rounds; round += 1) {
    for (const [totals, measure] of measurements) {
      for (const [name, generate] of [
        ["ours", ours],
        ["peer", theirs],
      ]) {
        const { count, seconds } = measure(generate);
        totals[name].snippets += count;
        totals[name].seconds += seconds;
      }
    }
  }
  return { ...rates(sliced), sliceMilliseconds, byPass: rates(byPass) };
}
