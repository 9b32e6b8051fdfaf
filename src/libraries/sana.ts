import type { RecordView } from "../model/view.js";
import { downloadOnlySnippet } from "./download-only.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Sana's own checkpoints (.pth) run with the pipelines of a clone of NVlabs/Sana, built from the config file of
 * their model size and resolution (a fixed table here, by repository name) and loaded from an hf:// address.
 * The -diffusers repositories are diffusers models; a checkpoint not in the table is downloaded.
 */

interface SanaRecipe {
  pattern: RegExp;
  config: string;
  sprint: boolean;
}

const recipes: readonly SanaRecipe[] = [
  { pattern: /^sana_1600m_1024px/i, config: "configs/sana_config/1024ms/Sana_1600M_img1024.yaml", sprint: false },
  { pattern: /^sana_600m_1024px/i, config: "configs/sana_config/1024ms/Sana_600M_img1024.yaml", sprint: false },
  { pattern: /^sana_1600m_512px/i, config: "configs/sana_config/512ms/Sana_1600M_img512.yaml", sprint: false },
  { pattern: /^sana_600m_512px/i, config: "configs/sana_config/512ms/Sana_600M_img512.yaml", sprint: false },
  { pattern: /^sana_1600m_2kpx/i, config: "configs/sana_config/2048ms/Sana_1600M_img2048_bf16.yaml", sprint: false },
  { pattern: /^sana_1600m_4kpx/i, config: "configs/sana_config/4096ms/Sana_1600M_img4096_bf16.yaml", sprint: false },
  { pattern: /^sana1\.5_1\.6b_1024px/i, config: "configs/sana1-5_config/1024ms/Sana_1600M_1024px_allqknorm_bf16_lr2e5.yaml", sprint: false },
  {
    pattern: /^sana_sprint_1\.6b_1024px/i,
    config: "configs/sana_sprint_config/1024ms/SanaSprint_1600M_1024px_allqknorm_bf16_scm_ladd.yaml",
    sprint: true,
  },
];

function checkpoint(view: RecordView): string | undefined {
  const weights = view.fileNames.filter((name) => name.endsWith(".pth"));
  return weights.find((name) => name.startsWith("checkpoints/")) ?? weights[0];
}

export const sana: LibraryGenerator = (view) => {
  const recipe = recipes.find((candidate) => candidate.pattern.test(repoName(view)));
  const file = checkpoint(view);
  if (!recipe || !file) return [downloadOnlySnippet(view, "https://github.com/NVlabs/Sana")];
  const [module, name] = recipe.sprint ? ["app.sana_sprint_pipeline", "SanaSprintPipeline"] : ["app.sana_pipeline", "SanaPipeline"];
  // Sana Sprint is a few-step model: two steps, guided by its own scale; the base models take twenty.
  const steps = recipe.sprint ? 2 : 20;
  const generate = call("image = sana(", [kwarg("prompt", ref("prompt")), kwarg("guidance_scale", 4.5), kwarg("num_inference_steps", steps)]);
  return [
    pythonSnippet(python`${comment("run from a clone of https://github.com/NVlabs/Sana")}
from ${ref(module)} import ${ref(name)}
from torchvision.utils import save_image

${call(`sana = ${name}(`, [arg(recipe.config)])}
${call("sana.from_pretrained(", [arg(`hf://${view.id}/${file}`)])}
${assign("prompt =", 'a cyberpunk cat with a neon sign that says "Sana"')}
${generate}
save_image(image, ${"sana.png"}, nrow=1, normalize=True, value_range=(-1, 1))`),
  ];
};
