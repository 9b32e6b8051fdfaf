// In-process throughput: hub-snippets' getInferenceSnippets against the peer's, over the same models.
import { setLogger, snippets as peer } from "@huggingface/inference";
import { getInferenceSnippets, inferenceKinds } from "../dist/index.js";

function modelFor(kind) {
  const [pipeline_tag, tags] =
    kind === "conversational" ? ["text-generation", ["conversational"]] : kind === "conversational-vision" ? ["image-text-to-text", ["conversational"]] : [kind, []];
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

/** Runs passes until `milliseconds` have gone by: V8 optimises a function only after many calls. */
function warmUp(generate, milliseconds) {
  let spent = 0;
  while (spent * 1000 < milliseconds) spent += pass(generate).seconds;
}

/**
 * Snippets per second of both generators over `rounds` passes, alternating pass by pass so that both see
 * the same machine weather, after warming both up for the same time.
 */
export async function measureThroughput(rounds, warmUpMilliseconds = 500) {
  warmUp(ours, warmUpMilliseconds);
  warmUp(theirs, warmUpMilliseconds);
  const totals = { ours: { snippets: 0, seconds: 0 }, peer: { snippets: 0, seconds: 0 } };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, generate] of [["ours", ours], ["peer", theirs]]) {
      const { count, seconds } = pass(generate);
      totals[name].snippets += count;
      totals[name].seconds += seconds;
    }
  }
  const perSecond = (total) => total.snippets / total.seconds;
  return { ours: perSecond(totals.ours), peer: perSecond(totals.peer), ratio: perSecond(totals.ours) / perSecond(totals.peer), detail: totals };
}
