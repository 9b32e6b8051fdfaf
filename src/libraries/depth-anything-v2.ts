import type { RecordView } from "../model/view.js";
import { pickFile, repoName } from "./record-fields.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Depth Anything V2 checkpoints are state dicts (depth_anything_v2_<encoder>.pth) for the DepthAnythingV2 class
 * of the project's repository, built with the settings of their ViT encoder. Metric-depth checkpoints come from
 * its metric_depth/ folder and take the largest depth of their training data (20 m indoors, 80 m outdoors).
 * infer_image (depth_anything_v2/dpt.py) moves the image to CUDA, else MPS, else the CPU, whatever the model's device:
 * the model is moved to the same one.
 */

type Encoder = "vits" | "vitb" | "vitl" | "vitg";

const encoderSettings: Readonly<Record<Encoder, { features: number; out_channels: number[] }>> = {
  vits: { features: 64, out_channels: [48, 96, 192, 384] },
  vitb: { features: 128, out_channels: [96, 192, 384, 768] },
  vitl: { features: 256, out_channels: [256, 512, 1024, 1024] },
  vitg: { features: 384, out_channels: [1536, 1536, 1536, 1536] },
};

const encoderBySize: Readonly<Record<string, Encoder>> = { small: "vits", base: "vitb", large: "vitl", giant: "vitg" };

/** The encoder named by the checkpoint's file name, else by the size in the repository's name. */
function encoderOf(file: string | undefined, view: RecordView): Encoder | undefined {
  const fromFile = file?.match(/_(vit[sblg])\.pth$/)?.[1];
  if (fromFile === "vits" || fromFile === "vitb" || fromFile === "vitl" || fromFile === "vitg") return fromFile;
  const size = repoName(view)
    .toLowerCase()
    .split(/[-_]/)
    .find((word) => Object.hasOwn(encoderBySize, word));
  return size === undefined ? undefined : encoderBySize[size];
}

export const depthAnythingV2: LibraryGenerator = (view) => {
  const file = pickFile(view, ".pth");
  const encoder = encoderOf(file, view) ?? "vitl";
  const weights = file ?? `depth_anything_v2_${encoder}.pth`;
  const name = `${repoName(view)} ${weights}`.toLowerCase();
  const metric = name.includes("metric");
  const settings = { encoder, ...encoderSettings[encoder] };
  const maxDepth = metric ? [kwarg("max_depth", name.includes("vkitti") ? 80 : 20)] : [];
  const where = metric ? "metric_depth/ in a clone" : "a clone";
  const note = file ? "" : `${comment("replace the file name with that of the repository's .pth checkpoint").text}\n`;
  return [
    pythonSnippet(python`import cv2
import torch
from depth_anything_v2.dpt import DepthAnythingV2
from huggingface_hub import hf_hub_download

${comment(`run from ${where} of https://github.com/DepthAnything/Depth-Anything-V2`)}
${ref(note)}${call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", weights)])}
${assign("settings =", settings)}
${call("model = DepthAnythingV2(", [arg(ref("**settings")), ...maxDepth])}.eval()
model.load_state_dict(torch.load(path, map_location=${"cpu"}))
${comment("infer_image puts the image on CUDA, else MPS, else the CPU: the model goes there too")}
if torch.cuda.is_available():
    model.to(${"cuda"})
elif torch.backends.mps.is_available():
    model.to(${"mps"})

depth = model.infer_image(cv2.imread(${"image.jpg"}))  ${comment(metric ? "HxW depth in meters" : "HxW relative depth")}
print(depth.shape, depth.min(), depth.max())`),
  ];
};
