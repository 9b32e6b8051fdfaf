import { downloadOnly } from "./download-only.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Perception Encoder (facebookresearch/perception_models): a model loads by its configuration name, which is
 * the name of its facebook/ repository (PE-Core-L14-336, PE-Spatial-G14-448, …). PE-Core models are CLIP
 * models (image and text); PE-Lang and PE-Spatial models are vision encoders. Another repository is downloaded.
 */

const repoUrl = "https://github.com/facebookresearch/perception_models";

export const perceptionEncoder: LibraryGenerator = (view) => {
  const name = repoName(view);
  const kind = /^PE-Core-/.test(name) ? "clip" : /^PE-(Lang|Spatial)-/.test(name) ? "vision" : undefined;
  if (!view.id.startsWith("facebook/") || kind === undefined) return downloadOnly(repoUrl)(view);
  const imports = python`import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms
import torch
from PIL import Image`;
  if (kind === "vision") {
    return [
      pythonSnippet(python`${ref(imports)}

${call("model = pe.VisionTransformer.from_config(", [arg(name), kwarg("pretrained", true)])}
preprocess = transforms.get_image_transform(model.image_size)

image = preprocess(Image.open(${"image.jpg"})).unsqueeze(0)
with torch.no_grad():
    features = model.forward_features(image)
print(features.shape)`),
    ];
  }
  return [
    pythonSnippet(python`${ref(imports)}

${call("model = pe.CLIP.from_config(", [arg(name), kwarg("pretrained", true)])}
preprocess = transforms.get_image_transform(model.image_size)
tokenizer = transforms.get_text_tokenizer(model.context_length)

image = preprocess(Image.open(${"image.jpg"})).unsqueeze(0)
text = tokenizer([${"a diagram"}, ${"a dog"}, ${"a cat"}])
with torch.no_grad():
    image_features, text_features, logit_scale = model(image, text)
print((logit_scale * image_features @ text_features.T).softmax(dim=-1))`),
  ];
};
