import type { Sibling } from "./siblings.js";

/*
 * The vision projector (mmproj) llama.cpp downloads beside a model when `-hf <id>[:<tag>]` names a repository
 * (llama-server and llama-mtmd-cli fetch one unless told --no-mmproj), chosen as llama.cpp's find_best_mmproj chooses
 * it (common/download.cpp at ggml-org/llama.cpp 0216dab364b886a4638020856333c07044453dd9, find_best_sibling with the
 * keyword "mmproj" and no tag):
 *   - a .gguf file whose path holds "mmproj" (as written: the match is case-sensitive);
 *   - in the model's folder or a folder above it, never beside it in another folder; the deepest such folder wins;
 *   - then the one whose quantization's bits are nearest the model's (the first digits of each file name's last
 *     `-`/`.` word: Q4_K_M → 4, F16 and BF16 → 16, none → 0);
 *   - a tie keeps the first in the record's order.
 */

/** The bits llama.cpp reads from a GGUF path: the first number of its last word before .gguf (split suffix removed). */
function quantBits(path: string): number {
  const stem = path.replace(/\.gguf$/, "").replace(/-\d{5}-of-\d{5}$/i, "");
  const tag = /[-.]([A-Za-z0-9_]+)$/.exec(stem)?.[1] ?? "";
  const digits = /\d+/.exec(tag)?.[0];
  return digits === undefined ? 0 : Number(digits);
}

const folderOf = (path: string): string[] => path.split("/").slice(0, -1);

/** The projector llama.cpp fetches with this model file, or undefined when the repository has none it would take. */
export function projectorFor(files: readonly Sibling[], modelFile: string): Sibling | undefined {
  const modelFolder = folderOf(modelFile);
  const modelBits = quantBits(modelFile);
  let best: { file: Sibling; depth: number; difference: number } | undefined;
  for (const file of files) {
    if (!file.file.endsWith(".gguf") || !file.file.includes("mmproj")) continue;
    const folder = folderOf(file.file);
    if (folder.length > modelFolder.length || folder.some((part, index) => part !== modelFolder[index])) continue;
    const difference = Math.abs(quantBits(file.file) - modelBits);
    if (best === undefined || folder.length > best.depth || (folder.length === best.depth && difference < best.difference)) {
      best = { file, depth: folder.length, difference };
    }
  }
  return best?.file;
}
