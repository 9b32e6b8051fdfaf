import { downloadOnlySnippet } from "./download-only.js";
import { arg, call, comment, python } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * MeshAnything V2 turns a point cloud with normals into an artist-style mesh; it runs from a clone of its
 * repository, whose main.py also samples the point cloud from a mesh file. Version 1 checkpoints load through
 * that repository's own scripts, so they are downloaded.
 */

export const meshAnything: LibraryGenerator = (view) => {
  if (!/v2/i.test(repoName(view))) {
    return [downloadOnlySnippet(view, "https://github.com/buaacyw/MeshAnything")];
  }
  return [
    pythonSnippet(python`${comment("run from a clone of https://github.com/buaacyw/MeshAnythingV2")}
import torch
from MeshAnything.models.meshanything_v2 import MeshAnythingV2

${call("model = MeshAnythingV2.from_pretrained(", [arg(view.id)])}
model = model.to(${"cuda"}).half().eval()
${comment("8192 points of (x, y, z, nx, ny, nz), scaled into [-0.5, 0.5]")}
pc_normal = torch.rand(1, 8192, 6, device=${"cuda"}, dtype=torch.float16) - 0.5
with torch.no_grad():
    faces = model(pc_normal, sampling=False)
print(faces.shape)`),
  ];
};
