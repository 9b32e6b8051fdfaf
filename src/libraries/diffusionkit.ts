import type { RecordView } from "../model/view.js";
import { defaultImagePrompt, recordPrompt } from "./diffusers.js";
import { arg, assign, call, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * DiffusionKit (Argmax) runs MMDiT models on Apple silicon with MLX. Its MLX pipelines take the Hub id as
 * `model_version`; FLUX models use FluxPipeline, Stable Diffusion 3 models DiffusionPipeline. The sampling
 * constants are the specification's: FLUX at 512x512 with 4 steps and no classifier-free guidance, the others
 * with 50 steps and a guidance weight of 5.
 */

const isFlux = (view: RecordView) => [view.id, ...view.record.tags].some((text) => text.toLowerCase().includes("flux"));

/** The image side: 512 for FLUX and SD3 medium, 1024 for the SD3.5 large models, which are trained at that size. */
const imageSide = (view: RecordView) => (!isFlux(view) && view.id.toLowerCase().includes("3.5-large") ? 1024 : 512);

export const diffusionkit: LibraryGenerator = (view) => {
  const flux = isFlux(view);
  const pipeline = flux ? "FluxPipeline" : "DiffusionPipeline";
  const settings = flux ? { shift: "1.0", steps: 4, cfg: "0.0", extra: [] } : { shift: "3.0", steps: 50, cfg: "5.0", extra: [kwarg("use_t5", ref("False"))] };
  const side = imageSide(view);
  return [
    pythonSnippet(python`from diffusionkit.mlx import ${ref(pipeline)}

${call(`pipeline = ${pipeline}(`, [
  kwarg("model_version", view.id),
  kwarg("shift", ref(settings.shift)),
  ...settings.extra,
  kwarg("low_memory_mode", ref("True")),
  kwarg("w16", ref("True")),
  kwarg("a16", ref("True")),
])}

${assign("prompt =", recordPrompt(view) ?? defaultImagePrompt)}
height, width = ${side}, ${side}
${call("image, _ = pipeline.generate_image(", [
  arg(ref("prompt")),
  kwarg("cfg_weight", ref(settings.cfg)),
  kwarg("num_steps", settings.steps),
  kwarg("latent_size", ref("(height // 8, width // 8)")),
])}
image.save("image.png")`),
  ];
};
