// Image vision: segmentation, matting, depth, detection, region description and image-text matching.
import { downloadOnly } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pickFile } from "./record-fields.js";
import { sampling } from "./sampling.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

export const araclip: LibraryGenerator = (view) => [
  pythonSnippet(python`import numpy as np
from araclip import AraClip
from PIL import Image

${call("model = AraClip.from_pretrained(", [arg(view.id)])}

${assign("labels =", ["قطة جالسة", "كلب", "حصان"])}
image_features = model.embed(image=Image.open(${"cat.png"}))
text_features = np.stack([model.embed(text=label) for label in labels])
print(labels[np.argmax(text_features @ image_features)])`),
];

export const ben2: LibraryGenerator = (view) => [
  pythonSnippet(python`import torch
from ben2 import AutoModel
from PIL import Image

device = ${"cuda"} if torch.cuda.is_available() else ${"cpu"}
${call("model = AutoModel.from_pretrained(", [arg(view.id)])}
model.to(device).eval()

foreground = model.inference(Image.open(${"image.jpg"}))
foreground.save(${"foreground.png"})`),
];

export const birefnet: LibraryGenerator = (view) => [
  pythonSnippet(python`import torch
from PIL import Image
from torchvision import transforms
from transformers import AutoModelForImageSegmentation

${call("model = AutoModelForImageSegmentation.from_pretrained(", [arg(view.id), kwarg("trust_remote_code", true)])}
model.eval()
image = Image.open(${"input.jpg"}).convert(${"RGB"})
resize = transforms.Resize((1024, 1024))
normalize = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
pixels = normalize(transforms.ToTensor()(resize(image))).unsqueeze(0)
with torch.no_grad():
    mask = model(pixels)[-1].sigmoid()[0].cpu()
image.putalpha(transforms.ToPILImage()(mask).resize(image.size))
image.save(${"output.png"})`),
];

export const collectorvision = downloadOnly("https://github.com/HanClinto/CollectorVision");

/** Depth Pro reads its checkpoint from the path in its config; the Hub file is downloaded and put there. */
export const depthPro: LibraryGenerator = (view) => [
  pythonSnippet(python`from dataclasses import replace

import depth_pro
from depth_pro.depth_pro import DEFAULT_MONODEPTH_CONFIG_DICT
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", pickFile(view, ".pt", ["depth_pro.pt"], "path") ?? "depth_pro.pt")])}
config = replace(DEFAULT_MONODEPTH_CONFIG_DICT, checkpoint_uri=path)
model, transform = depth_pro.create_model_and_transforms(config=config)
model.eval()

image, _, f_px = depth_pro.load_rgb(${"image.jpg"})
prediction = model.infer(transform(image), f_px=f_px)
print(prediction["depth"].shape, prediction["focallength_px"])`),
];

export const describeAnything: LibraryGenerator = (view) => [
  pythonSnippet(python`from dam import DescribeAnythingModel
from PIL import Image

${call("dam = DescribeAnythingModel(", [kwarg("model_path", view.id), kwarg("conv_mode", "v1"), kwarg("prompt_mode", "full+focal_crop")])}
dam = dam.to(${"cuda"})
image = Image.open(${"image.jpg"}).convert(${"RGB"})
mask = Image.open(${"mask.png"}).convert(${"L"})  ${comment("white over the region to describe")}
${assign("query =", "<image>\nDescribe the masked region in detail.")}
${call("description = dam.get_description(", [arg(ref("image")), arg(ref("mask")), arg(ref("query")), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)])}
print(description)`),
];

export const lvface: LibraryGenerator = downloadOnly("https://github.com/bytedance/LVFace");

/**
 * A model tagged `promptable` (nobg's SAM3) cuts out what a text prompt names: `process` takes it as `prompt`
 * (nobg's utils.predict, which hands it to the processor as `text`); without one it falls back to its default subject.
 */
export const nobg: LibraryGenerator = loadWith({
  module: "nobg",
  name: "AutoModel",
  method: "from_pretrained",
  usage: (view) =>
    view.record.tags.includes("promptable")
      ? python`model.process(${"input.jpg"}, prompt=${"the dog"}).save(${"output.png"})`
      : python`model.process(${"input.jpg"}).save(${"output.png"})`,
});

export const sam2: LibraryGenerator = (view) => [
  pythonSnippet(python`import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

${call("predictor = SAM2ImagePredictor.from_pretrained(", [arg(view.id)])}
image = np.array(Image.open(${"image.jpg"}).convert(${"RGB"}))
with torch.inference_mode():
    predictor.set_image(image)
    point = np.array([[500, 375]])
    masks, scores, _ = predictor.predict(point_coords=point, point_labels=np.array([1]))
print(masks.shape, scores)`),
];

/** YOLOv10 comes with THU-MIG's fork of ultralytics, whose YOLOv10 class loads from the Hub. */
export const yolov10: LibraryGenerator = (view) => [
  pythonSnippet(python`from ultralytics import YOLOv10

${call("model = YOLOv10.from_pretrained(", [arg(view.id)])}
${call("results = model.predict(", [kwarg("source", "https://ultralytics.com/images/bus.jpg"), kwarg("save", true)])}
print(results[0].boxes)`),
];
