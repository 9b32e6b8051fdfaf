// Text and NLP: classifiers, taggers, embeddings, retrieval, sparse autoencoders and small language models.
import type { RecordView } from "../model/view.js";
import { downloadOnlySnippet } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { configValue, pickFile, widgetText } from "./record-fields.js";
import { sampling } from "./sampling.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

export const allennlp: LibraryGenerator = (view) => {
  // The model, reader and predictor classes live in allennlp-models; importing a module registers their names,
  // which Predictor.from_path resolves from the archive's config (BiDAF is "not a registered name" without them).
  const qa = view.record.pipeline_tag === "question-answering";
  const usage = qa
    ? python`${assign("inputs =", { passage: "My name is Wolfgang and I live in Berlin.", question: "Where do I live?" })}
prediction = predictor.predict_json(inputs)
print(prediction["best_span_str"])`
    : python`${comment("predict_json takes the input fields of this model's predictor (see its model card)")}
print(type(predictor).__name__)`;
  const registered = qa ? "allennlp_models.rc" : "allennlp_models";
  return [
    pythonSnippet(python`from allennlp.common.util import import_module_and_submodules
from allennlp.predictors.predictor import Predictor

import_module_and_submodules(${registered})
${call("predictor = Predictor.from_path(", [arg(`hf://${view.id}`)])}

${ref(usage)}`),
  ];
};

export const bertopic: LibraryGenerator = loadWith({
  module: "bertopic",
  name: "BERTopic",
  method: "load",
  variable: "topic_model",
  usage: () => python`${call("topics, probabilities = topic_model.transform(", [arg(["The central bank raised interest rates again this quarter."])])}
print(topics[0], topic_model.get_topic(topics[0]))`,
});

export const bm25s: LibraryGenerator = (view) => [
  pythonSnippet(python`import bm25s
from bm25s.hf import BM25HF

${call("retriever = BM25HF.load_from_hub(", [arg(view.id), kwarg("load_corpus", true)])}

query_tokens = bm25s.tokenize(${"what is the capital of France?"})
documents, scores = retriever.retrieve(query_tokens, k=${3})
for document, score in zip(documents[0], scores[0]):
    print(f"{score:.2f}", document)`),
];

export const edsnlp: LibraryGenerator = (view) => [
  pythonSnippet(python`import edsnlp

${call("nlp = edsnlp.load(", [arg(view.id)])}
${call("doc = nlp(", [arg(widgetText(view, "Le patient a été admis le 12 mars 2023 pour une pneumopathie."))])}
for entity in doc.ents:
    print(entity.text, entity.label_)`),
];

/**
 * A fastText model is one .bin file: word vectors for feature extraction, a classifier otherwise. fasttext 0.9.3
 * (the last release, the project is archived) returns a single string's probabilities with np.array(probs,
 * copy=False), which NumPy 2 refuses; its list path builds the arrays without copy=False, so the text goes in a list.
 */
export const fasttext: LibraryGenerator = (view) => {
  const usage =
    view.record.pipeline_tag === "feature-extraction"
      ? python`print(model.get_word_vector(${"bread"}).shape)
print(model.get_nearest_neighbors(${"bread"}, k=5))`
      : python`${comment("a list of texts: predict on a single string fails under NumPy 2 (np.array(..., copy=False))")}
labels, scores = model.predict([${widgetText(view, "The quick brown fox jumps over the lazy dog.")}], k=3)
print(list(zip(labels[0], scores[0])))`;
  return [
    pythonSnippet(python`import fasttext
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", pickFile(view, ".bin", ["model.bin"]) ?? "model.bin")])}
model = fasttext.load_model(path)
${ref(usage)}`),
  ];
};

/** Flair taggers (NER, POS, ...) are SequenceTaggers; text classifiers are TextClassifiers. */
export const flair: LibraryGenerator = (view) => {
  const name = view.record.pipeline_tag === "text-classification" ? "TextClassifier" : "SequenceTagger";
  const text = widgetText(view, "George Washington went to Washington.");
  return [
    pythonSnippet(python`from flair.data import Sentence
from flair.models import ${ref(name)}

${call(`model = ${name}.load(`, [arg(view.id)])}
${call("sentence = Sentence(", [arg(text)])}
model.predict(sentence)
print(sentence)`),
  ];
};

export const gliner2: LibraryGenerator = loadWith({
  module: "gliner2",
  name: "GLiNER2",
  method: "from_pretrained",
  variable: "extractor",
  usage: () => python`${assign("text =", "Apple CEO Tim Cook announced the iPhone 15 in Cupertino.")}
result = extractor.extract_entities(text, ${["company", "person", "product", "location"]})
print(result)`,
});

/** Jev-Style decision models answer typed questions about a text with calibrated probabilities. */
export const jevStyle: LibraryGenerator = (view) => [
  pythonSnippet(python`from jev_style import JevStyle, choice, noul

${call("model = JevStyle.from_pretrained(", [arg(view.id)])}

${assign("text =", "I was charged twice for my order. Please fix this today.")}
questions = {
    ${"billing"}: noul(${"This ticket is about billing."}),
    ${"tone"}: choice(${"What is the customer's tone?"}, ${["calm", "frustrated", "angry"]}),
}
result = model.decide(text, questions)
print(result[${"answers"}])`),
];

/** Lightning IR: a cross-encoder scores query-document pairs jointly, a bi-encoder embeds each side. */
export const lightningIr: LibraryGenerator = (view) => {
  const modelType = configValue(view, "model_type");
  const cross = typeof modelType === "string" && /cross-encoder|mono|set-encoder/i.test(modelType);
  const module = cross ? "CrossEncoderModule" : "BiEncoderModule";
  return [
    pythonSnippet(python`from lightning_ir import ${ref(module)}

${call(`module = ${module}(`, [arg(view.id)])}

query = ${"What is the capital of France?"}
${assign("documents =", ["Paris is the capital of France.", "Berlin is the capital of Germany."])}
output = module.score(query, documents)
print(output.scores)`),
  ];
};

export const mambaSsm: LibraryGenerator = (view) => {
  // The state-spaces checkpoints ship no tokenizer: they were trained with GPT-NeoX's.
  const tokenizer = view.fileNames.includes("tokenizer.json") ? view.id : "EleutherAI/gpt-neox-20b";
  const generate = call("output = model.generate(", [
    arg(ref("input_ids")),
    kwarg("max_length", 64),
    kwarg("top_k", 0),
    kwarg("top_p", sampling.topP),
    kwarg("temperature", sampling.temperature),
  ]);
  return [
    pythonSnippet(python`import torch
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(tokenizer)])}
${call("model = MambaLMHeadModel.from_pretrained(", [arg(view.id), kwarg("device", "cuda"), kwarg("dtype", ref("torch.float16"))])}
input_ids = tokenizer(${"Mamba is a"}, return_tensors=${"pt"}).input_ids.to(${"cuda"})
${generate}
print(tokenizer.decode(output[0]))`),
  ];
};

export const model2vec: LibraryGenerator = loadWith({
  module: "model2vec",
  name: "StaticModel",
  method: "from_pretrained",
  usage: () => python`${call("embeddings = model.encode(", [arg(["It's dangerous to go alone!", "It's a secret to everybody."])])}
print(embeddings.shape)`,
});

/** pxia's AutoModel picks the architecture from the repository's tags; its GPT-2 generates greedily. */
export const pxia: LibraryGenerator = (view) => {
  const load = call("model = AutoModel.from_pretrained(", [arg(view.id)]);
  if (!view.record.tags.includes("gpt2")) return [pythonSnippet(python`from pxia import AutoModel\n\n${load}\nprint(model)`)];
  return [
    pythonSnippet(python`from pxia import AutoModel
from transformers import AutoTokenizer

${load}

tokenizer = AutoTokenizer.from_pretrained(${"openai-community/gpt2"})
inputs = tokenizer(${"Hello, my name is"}, return_tensors=${"pt"})
${call("text = model.generate(", [arg(ref("**inputs")), kwarg("max_new_tokens", 20), kwarg("tokenizer", ref("tokenizer"))])}
print(text)`),
  ];
};

export const relik: LibraryGenerator = loadWith({
  module: "relik",
  name: "Relik",
  method: "from_pretrained",
  usage: () => python`output = model(${"Michael Jordan was one of the best players in the NBA."})
print(output)`,
});

/** The folder of the first SAE listed in the repository (SAELens stores one cfg.json per SAE folder). */
function saeFolder(view: RecordView): string | undefined {
  const config = view.fileNames.find((name) => /^.+\/cfg\.json$/.test(name));
  return config?.slice(0, -"/cfg.json".length);
}

export const saelens: LibraryGenerator = (view) => {
  const folder = saeFolder(view);
  const note = folder ? "" : `${comment("replace <sae_id> with the folder of one SAE in the repository").text}\n`;
  return [
    pythonSnippet(python`import torch
from sae_lens import SAE

${ref(note)}${call("sae = SAE.from_pretrained(", [kwarg("release", view.id), kwarg("sae_id", folder ?? "<sae_id>")])}
features = sae.encode(torch.randn(1, sae.cfg.d_in))
print(features.shape)`),
  ];
};

export const setfit: LibraryGenerator = loadWith({
  module: "setfit",
  name: "SetFitModel",
  method: "from_pretrained",
  usage: () => python`${assign("texts =", ["I loved the new Spider-Man movie!", "The service was slow and the food was cold."])}
print(model.predict(texts))`,
});

export const spanMarker: LibraryGenerator = loadWith({
  module: "span_marker",
  name: "SpanMarkerModel",
  method: "from_pretrained",
  usage: (
    view,
  ) => python`${call("entities = model.predict(", [arg(widgetText(view, "Amelia Earhart flew her Lockheed Vega 5B across the Atlantic to Paris."))])}
for entity in entities:
    print(entity[${"span"}], entity[${"label"}], round(entity[${"score"}], 3))`,
});

/** Stanza's pipelines live in stanfordnlp/stanza-<language> repositories, which stanza.download fetches by language. */
export const stanza: LibraryGenerator = (view) => {
  const language = /^stanfordnlp\/stanza-([a-z]+(?:[_-][a-z]+)*)$/i.exec(view.id)?.[1]?.toLowerCase();
  if (!language) return [downloadOnlySnippet(view, "https://github.com/stanfordnlp/stanza")];
  const text = widgetText(view, "Barack Obama was born in Hawaii.");
  return [
    pythonSnippet(python`import stanza

stanza.download(${language})
nlp = stanza.Pipeline(${language})
${call("doc = nlp(", [arg(text)])}
for sentence in doc.sentences:
    for word in sentence.words:
        print(word.text, word.upos)`),
  ];
};

/**
 * SwarmFormer classifies sentiment from BERT token ids. It mean-pools over every position, padding included, so the
 * input is padded to the length it was trained with: seq_len in the config.json its hub mixin saved (768 for Base).
 */
export const swarmformer: LibraryGenerator = (view) => [
  pythonSnippet(python`import json

import torch
from huggingface_hub import hf_hub_download
from swarmformer import SwarmFormerModel
from transformers import AutoTokenizer

${call("model = SwarmFormerModel.from_pretrained(", [arg(view.id)])}
model.eval()
tokenizer = AutoTokenizer.from_pretrained(${"bert-base-uncased"})
${comment("pad to the length it was trained with (768 for Base, 256 for Small): it pools over every position")}
${call("config_path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", "config.json")])}
with open(config_path) as file:
    seq_len = json.load(file)[${"seq_len"}]

${assign("text =", "A moving story, wonderfully acted. I loved every minute of it.")}
${call("tokens = tokenizer(", [arg(ref("text")), kwarg("max_length", ref("seq_len")), kwarg("padding", "max_length"), kwarg("truncation", true), kwarg("return_tensors", "pt")])}
with torch.no_grad():
    logits = model(tokens[${"input_ids"}])
print(logits.softmax(dim=-1))  ${comment("[negative, positive]")}`),
];
