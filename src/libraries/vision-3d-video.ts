// 3D and video vision: Gaussian splats, 3D reconstruction and rendering, video matting, interpolation and generation.
import { downloadOnly } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, call, comment, kwarg, python, ref } from "./python-code.js";
import { pickFile, repoName } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";

/**
 * GaussianFormer renders a 3DGS scene batch by batch: Gaussians [B, N, 14] with their mask, cameras [B, V, 4, 4] and
 * fields of view [B, V] in degrees (the repository's README and gaussianformer/splat.py, utils/cameras.py).
 */
export const gaussianformer: LibraryGenerator = (view) => [
  pythonSnippet(python`import torch
from gaussianformer import GaussianFormerRenderingPipeline, load_ply
from gaussianformer.utils.cameras import orbit

${call("pipeline = GaussianFormerRenderingPipeline.from_pretrained(", [arg(view.id)])}
pipeline.to(torch.device(${"cuda"}))

${comment("a 3D Gaussian Splatting PLY whose up axis is z, seen by 8 cameras on an orbit")}
gaussians = load_ply(${"object.ply"}, up=${"z"})[None]  ${comment("[1, N, 14]")}
mask = torch.ones(gaussians.shape[:2], dtype=torch.bool, device=${"cuda"})
c2w = torch.from_numpy(orbit(8, 1.7))[None].cuda()  ${comment("[1, 8, 4, 4] camera-to-world")}
fov = torch.full((1, 8), 45.0, device=${"cuda"})  ${comment("[1, 8] in degrees")}
images = pipeline(gaussians, mask, c2w, fov, resolution=512)  ${comment("linear HDR")}
print(images.shape)  ${comment("[1, 8, 512, 512, 3]")}`),
];

export const matanyone: LibraryGenerator = loadWith({
  module: "matanyone",
  name: "InferenceCore",
  variable: "processor",
  usage: () => python`${comment("a video, and the mask of the person to matte in its first frame")}
${call("foreground_path, alpha_path = processor.process_video(", [kwarg("input_path", "video.mp4"), kwarg("mask_path", "mask.png"), kwarg("output_path", "outputs")])}
print(foreground_path, alpha_path)`,
});

/** Phantom-Wan runs from its repository's generate.py, on Wan2.1's VAE and text encoder. */
export const phantomWan: LibraryGenerator = (view) => {
  const checkpoint = pickFile(view, ".pth", ["Phantom-Wan-1.3B.pth"]) ?? "Phantom-Wan-1.3B.pth";
  return [
    shellSnippet(shell`git clone https://github.com/Phantom-video/Phantom.git
cd Phantom || exit 1
pip install -r requirements.txt
hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B
hf download ${view.id} ${checkpoint} --local-dir ./Phantom-Wan-Models
python generate.py --task s2v-1.3B --size ${"832*480"} \\
  --ckpt_dir ./Wan2.1-T2V-1.3B \\
  --phantom_ckpt ./Phantom-Wan-Models/${checkpoint} \\
  --ref_image ${"examples/ref1.png,examples/ref2.png"} \\
  --prompt ${"A girl in a green dress plays with a dog on a sunny meadow"} \\
  --base_seed 42`),
  ];
};

/** RenderFormer renders a scene converted to its HDF5 format, from a clone of its repository. */
export const renderformer: LibraryGenerator = (view) => [
  shellSnippet(shell`# in a clone of https://github.com/microsoft/renderformer
python3 scene_processor/convert_scene.py examples/cbox.json --output_h5_path tmp/cbox/cbox.h5
python3 infer.py --h5_file tmp/cbox/cbox.h5 --model_id ${view.id} --output_dir output/cbox/`),
];

export const sam3dBody: LibraryGenerator = (view) => [
  pythonSnippet(python`from sam_3d_body import SAM3DBodyEstimator, load_sam_3d_body_hf

${call("model, model_cfg = load_sam_3d_body_hf(", [arg(view.id)])}
estimator = SAM3DBodyEstimator(sam_3d_body_model=model, model_cfg=model_cfg)

${comment("one result per box: with no boxes and no human_detector, one body fitted to the whole")}
${comment("image; pass bboxes= (an N x 4 array of x0, y0, x1, y1) for each person, or a detector")}
${comment("as the repository's demo.py does (tools/build_detector.py, ViTDet on detectron2)")}
outputs = estimator.process_one_image(${"person.jpg"})
for body in outputs:
    print(body[${"pred_vertices"}].shape, body[${"pred_keypoints_3d"}].shape)`),
];

/** SAM 3D Objects loads through the inference module in its repository's notebook/ folder. */
export const sam3dObjects: LibraryGenerator = (view) => [
  pythonSnippet(python`import sys

from huggingface_hub import snapshot_download

${comment("run from a clone of https://github.com/facebookresearch/sam-3d-objects")}
sys.path.append(${"notebook"})
from inference import Inference, load_image, load_single_mask  # noqa: E402

${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
inference = Inference(f"{path}/checkpoints/pipeline.yaml", compile=False)
image = load_image(${"image.png"})
mask = load_single_mask(${"masks"}, index=0)  ${comment("masks/0.png: the object's mask")}
output = inference(image, mask, seed=42)
output[${"gs"}].save_ply(${"splat.ply"})`),
];

export const seedStory: LibraryGenerator = downloadOnly("https://github.com/TencentARC/SEED-Story");

export const threeDTopiaXl: LibraryGenerator = downloadOnly("https://github.com/3DTopia/3DTopia-XL");

/** UniWorld-V1 runs from its repository, with FLUX.1-dev and SigLIP2 beside the model. */
export const univa: LibraryGenerator = (view) => [
  shellSnippet(shell`git clone https://github.com/PKU-YuanGroup/UniWorld-V1
cd UniWorld-V1 || exit 1
pip install -r requirements.txt
pip install flash_attn --no-build-isolation
hf download ${view.id} --local-dir models/${repoName(view)}
hf download black-forest-labs/FLUX.1-dev --local-dir models/FLUX.1-dev
hf download google/siglip2-so400m-patch16-512 --local-dir models/siglip2
python -m univa.serve.cli --model_path models/${repoName(view)} \\
  --flux_path models/FLUX.1-dev --siglip_path models/siglip2`),
];

/** VFIMamba's demo reads the checkpoints (.pkl) from a ckpt/ folder at the root of its repository. */
export const vfiMamba: LibraryGenerator = (view) => {
  const files = view.fileNames;
  const full = files.some((name) => name.split("/").pop() === "VFIMamba.pkl");
  const download = files.some((name) => name.startsWith("ckpt/"))
    ? shell`hf download ${view.id} --include ${"ckpt/*"} --local-dir .`
    : shell`hf download ${view.id} --include ${"*.pkl"} --local-dir ckpt`;
  return [
    shellSnippet(shell`git clone https://github.com/MCG-NJU/VFIMamba.git
cd VFIMamba || exit 1
${comment("needs PyTorch, mamba_ssm and causal_conv1d: see the repository's README")}
${ref(download)}
${comment("interpolates the frame between example/im1.png and example/im2.png")}
python demo_2x.py --model ${full ? "VFIMamba" : "VFIMamba_S"}`),
  ];
};
