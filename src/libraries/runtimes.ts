// Model formats and runtimes: on-device and engine-specific loaders (Keras 2, Unity Sentis, MLX, ANE, LiteRT-LM, Cortiq, pythae).
import { downloadOnlySnippet } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, kwarg, python, ref } from "./python-code.js";
import { configValue, hasTag, pickFile, repoName } from "./record-fields.js";
import { sampling } from "./sampling.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";

/** ANEForge runs sentence encoders and Llama/Qwen-family (or GPT-2) language models on the Apple Neural Engine. */
export const aneforge: LibraryGenerator = (view) => {
  if (hasTag(view, "sentence-similarity") || hasTag(view, "feature-extraction")) {
    return loadWith({
      module: "aneforge.sentence_transformers",
      name: "SentenceTransformer",
      usage: () => python`${assign("sentences =", ["The Neural Engine runs this encoder.", "It is fast and frugal."])}
embeddings = model.encode(sentences, normalize_embeddings=True)
print(embeddings.shape)`,
    })(view);
  }
  if (!hasTag(view, "text-generation")) return [downloadOnlySnippet(view, "https://github.com/sbryngelson/ANEForge")];
  const prompt = "The Apple Neural Engine is";
  // GPT-2 has a loader of its own, aneforge.models.load_gpt2 (a GPT2 with generate_text); imported from its module,
  // which holds it whether or not the package's __init__ re-exports it.
  if (configValue(view, "model_type") === "gpt2") {
    return [
      pythonSnippet(python`from aneforge.models import load_gpt2

${call("model = load_gpt2(", [arg(view.id)])}
print(model.generate_text(${prompt}, max_new_tokens=32))`),
    ];
  }
  const generate = call("tokens = model.generate(", [
    arg(ref("ids")),
    kwarg("max_new_tokens", 32),
    kwarg("eos_id", ref("tokenizer.eos_token_id")),
    kwarg("temperature", sampling.temperature),
    kwarg("top_p", sampling.topP),
  ]);
  return [
    pythonSnippet(python`import aneforge.llm as llm
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(view.id)])}
${call("model = llm.from_pretrained(", [arg(view.id)])}
ids = tokenizer(${prompt})["input_ids"]
${generate}
print(tokenizer.decode(tokens))`),
  ];
};

export const cartesiaMlx: LibraryGenerator = (view) => [
  pythonSnippet(python`import cartesia_mlx as cmx
import mlx.core as mx

${call("model = cmx.from_pretrained(", [arg(view.id)])}
model.set_dtype(mx.float32)

${assign("prompt =", "Rene Descartes was")}
print(prompt, end="", flush=True)
for text in model.generate(prompt, max_tokens=200, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`),
];

/** Cortiq runs a single `.cmf` file with its Rust CLI: the repository's first one, downloaded with `hf`. */
export const cortiq: LibraryGenerator = (view) => {
  const file = pickFile(view, ".cmf");
  const note = file ? "" : "# replace model.cmf with the name of the repository's .cmf file\n";
  const path = file ?? "model.cmf";
  return [
    shellSnippet(shell`${ref(note)}hf download ${view.id} ${path} --local-dir cmf
cortiq run ${`cmf/${path}`} --prompt ${"What is the capital of France?"}`),
  ];
};

/** The LiteRT-LM CLI downloads a .litertlm file from the repository and runs it. */
export const litertLm: LibraryGenerator = (view) => {
  const file = pickFile(view, ".litertlm") ?? pickFile(view, ".task");
  const note = file ? "" : "# replace model.litertlm with the name of the repository's .litertlm file\n";
  return [
    shellSnippet(shell`${ref(note)}litert-lm run \\
  --from-huggingface-repo=${view.id} \\
  ${file ?? "model.litertlm"} \\
  --prompt=${"What is the capital of France?"}`),
  ];
};

export const pythae: LibraryGenerator = (view) => [
  pythonSnippet(python`from pythae.models import AutoModel
from pythae.samplers import NormalSampler

${call("model = AutoModel.load_from_hf_hub(", [kwarg("hf_hub_path", view.id)])}

sampler = NormalSampler(model=model)
samples = sampler.sample(num_samples=4)
print(samples.shape)`),
];

/** Keras 2 models are TensorFlow SavedModel folders: downloaded, then loaded with tf_keras (the Keras 2 package). */
export const tfKeras: LibraryGenerator = (view) => [
  pythonSnippet(python`import tf_keras
from huggingface_hub import snapshot_download

${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
model = tf_keras.models.load_model(path)
model.summary()`),
];

/** Unity Sentis models are files for a Unity project: downloaded into its Assets folder, then loaded in C#. */
export const unitySentis: LibraryGenerator = (view) => [
  shellSnippet(shell`# download the model files into the Assets folder of your Unity project
hf download ${view.id} --local-dir Assets/${repoName(view)}
# in C#, assign the .sentis file to a ModelAsset field, load it with ModelLoader.Load
# and run it with a Worker (Unity Sentis / Inference Engine)`),
];
