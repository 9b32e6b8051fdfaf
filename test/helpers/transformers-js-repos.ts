import { execFile } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { librariesPython } from "./python-venv.js";
import { runtimePackage } from "./test-runtimes.js";

/*
 * The Hub repositories the transformers.js snippets download, made here: tiny random models exported to ONNX by
 * test/python/onnx_models.py (transformers and torch, in .venv-libraries/), and the example inputs of the docs
 * dataset the snippets name (an image decoded by sharp, as transformers.js decodes it; a WAV file).
 */

const onnxModels = fileURLToPath(new URL("../python/onnx_models.py", import.meta.url));

/**
 * The installed transformers.js (test/runtimes/, scripts/test-runtimes.sh), whose default cache (env.cacheDir) and
 * local model folder live inside its package.
 */
export const transformersJsPackage = runtimePackage("@huggingface/transformers");
export const transformersJsCache = join(transformersJsPackage, ".cache");
export const transformersJsLocalModels = join(transformersJsPackage, "models");

/** The dataset whose files the snippets' example inputs are (https://huggingface.co/datasets/<id>/resolve/main/...). */
export const DOCS_DATASET = "Xenova/transformers.js-docs";

/** The part of sharp's API used here. */
type Sharp = (input: Buffer, options: { raw: { width: number; height: number; channels: 3 } }) => { jpeg(): { toFile(path: string): Promise<unknown> } };

export interface OnnxRepoSpec {
  /** A builder of onnx_models.py. */
  kind: string;
  /** The repository id, written as <out>/<owner>/<name>/. */
  repo: string;
}

/** Runs onnx_models.py (asynchronously: a local Hub may be serving from this process). Resolves to its log. */
export async function buildOnnxRepos(out: string, specs: OnnxRepoSpec[]): Promise<string> {
  const spec = join(out, "spec.json");
  mkdirSync(out, { recursive: true });
  writeFileSync(spec, JSON.stringify(specs));
  const result = await promisify(execFile)(librariesPython, [onnxModels, out, spec], {
    encoding: "utf8",
    env: { ...process.env, HF_HUB_OFFLINE: "1", PYTHONDONTWRITEBYTECODE: "1" },
    maxBuffer: 16 * 1024 * 1024,
  });
  return result.stdout;
}

/**
 * 16-bit PCM stereo WAV: one second of a 440 Hz tone (left) and an 880 Hz one (right) at 44.1 kHz, so that the
 * snippets' reading code has to resample (the models take 16 kHz) and pick a channel.
 */
function toneWav(): Buffer {
  const rate = 44_100;
  const channels = 2;
  const frame = 2 * channels;
  const samples = Buffer.alloc(rate * frame);
  for (let i = 0; i < rate; i++) {
    for (let channel = 0; channel < channels; channel++) {
      samples.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * (channel + 1) * i) / rate)), i * frame + channel * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * frame, 28); // bytes a second
  header.writeUInt16LE(frame, 32); // bytes a frame
  header.writeUInt16LE(16, 34); // bits a sample
  header.write("data", 36, "latin1");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** Writes the docs dataset's files the snippets read: cats.jpg (a real JPEG, made by sharp) and jfk.wav. */
export async function writeDocsDataset(dir: string): Promise<void> {
  // sharp, transformers.js's image decoder, from test/runtimes/ (not a dependency of the project: no types here).
  const sharpEntry = createRequire(join(transformersJsPackage, "package.json")).resolve("sharp");
  const { default: sharp } = (await import(pathToFileURL(sharpEntry).href)) as { default: Sharp };
  mkdirSync(dir, { recursive: true });
  const pixels = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 251;
  await sharp(pixels, { raw: { width: 160, height: 120, channels: 3 } })
    .jpeg()
    .toFile(join(dir, "cats.jpg"));
  writeFileSync(join(dir, "jfk.wav"), toneWav());
}

/**
 * Empties transformers.js's default file cache, which is shared by every run (each snippet's node_modules links the
 * project's, and the cache sits in the package), so that no run is served from an earlier one. Throws if the local
 * model folder exists: transformers.js would read models from it before asking the Hub.
 */
export function clearTransformersJsCache(): void {
  rmSync(transformersJsCache, { recursive: true, force: true });
  if (existsSync(transformersJsLocalModels))
    throw new Error(`${transformersJsLocalModels} exists: transformers.js would load models from it instead of the Hub`);
}
