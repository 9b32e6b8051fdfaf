import type { RecordView } from "../model/view.js";
import type { PythonArgument } from "../code/literals/python.js";
import { arg, assign, call, kwarg, python, ref } from "./python-code.js";
import { configValue } from "./record-fields.js";
import { remoteCodeNote, runsRemoteCode } from "./remote-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Which class of sentence-transformers loads a repository, by the library's own rule (6.0.1, base/model.py
 * `_load_modules`): every class loads any repository, and only one loads it as it was trained. With `modules.json`, it
 * is the class named by `model_type` in config_sentence_transformers.json (SentenceTransformer when absent); another
 * class converts the repository and replaces its modules. Without `modules.json`, each class builds its default
 * modules on the transformers checkpoint: only CrossEncoder keeps a sequence-classification head
 * (cross_encoder/model.py `_load_default_modules`) and only SparseEncoder a masked-LM head (SPLADE pooling over its
 * logits); SentenceTransformer mean-pools the encoder and drops either head. The record does not hold
 * config_sentence_transformers.json: the tags each class writes in its model card (model_card.py of each) and the Hub
 * task stand for it. The architecture is read only without modules.json: a bi-encoder's config.json may name a head
 * its modules never load (sentence-transformers/all-mpnet-base-v2 says MPNetForMaskedLM).
 * test/snippets/sentence-transformers-differential.test.ts holds this table to the installed library.
 */

type SentenceTransformersClass = "SentenceTransformer" | "CrossEncoder" | "SparseEncoder";

interface ClassRule {
  name: SentenceTransformersClass;
  /** The tags of a model card this class writes, or the Hub task that says it. */
  says: readonly string[];
  /** Endings of config.architectures[0]: the checkpoint's head, which only this class keeps without modules.json. */
  heads: readonly string[];
}

const classRules: readonly ClassRule[] = [
  { name: "CrossEncoder", says: ["cross-encoder", "text-ranking"], heads: ["ForSequenceClassification"] },
  { name: "SparseEncoder", says: ["sparse-encoder"], heads: ["ForMaskedLM"] },
];

/** The first architecture of the record's config, when it names one. */
function architectureOf(view: RecordView): string | undefined {
  const architectures = configValue(view, "architectures");
  return Array.isArray(architectures) && typeof architectures[0] === "string" ? architectures[0] : undefined;
}

/** The class that loads the repository as it was saved; SentenceTransformer unless the record says otherwise. */
function sentenceTransformersClassOf(view: RecordView): SentenceTransformersClass {
  const said = classRules.find((rule) => rule.says.some((tag) => view.record.pipeline_tag === tag || view.record.tags.includes(tag)));
  // Only a record that lists its files says modules.json is missing.
  const withoutModules = view.fileNames.length > 0 && !view.fileNames.includes("modules.json");
  const architecture = withoutModules ? architectureOf(view) : undefined;
  const kept = architecture === undefined ? undefined : classRules.find((rule) => rule.heads.some((head) => architecture.endsWith(head)));
  return said?.name ?? kept?.name ?? "SentenceTransformer";
}

const sentences = ["The weather is lovely today.", "It is sunny outside.", "He drove to the stadium."];
const query = "Where do penguins live?";
const passages = [
  "Most penguins live in the Southern Hemisphere, from Antarctica to the Galapagos.",
  "Penguins are birds that cannot fly but swim very well.",
  "The Eiffel Tower was finished in 1889.",
];

/** What each class's example does with the loaded model: embed and compare, or score and rank pairs. */
const usage: Readonly<Record<SentenceTransformersClass, string>> = {
  SentenceTransformer: python`${assign("sentences =", sentences)}
embeddings = model.encode(sentences)
print(model.similarity(embeddings, embeddings))`,
  SparseEncoder: python`${assign("sentences =", sentences)}
embeddings = model.encode(sentences)
print(model.similarity(embeddings, embeddings))
print(model.decode(embeddings[0], top_k=5))`,
  CrossEncoder: python`${assign("query =", query)}
${assign("passages =", passages)}
scores = model.predict([(query, passage) for passage in passages])
print(scores)

for hit in model.rank(query, passages):
    print(f"{hit['score']:.4f}", passages[hit["corpus_id"]])`,
};

/** The loading code of a sentence-transformers model: the class the library loads it with, and its example. */
export const sentenceTransformers: LibraryGenerator = (view) => {
  const name = sentenceTransformersClassOf(view);
  const remoteCode = runsRemoteCode(view);
  const args: PythonArgument[] = [arg(view.id), ...(remoteCode ? [kwarg("trust_remote_code", true)] : [])];
  const load = python`from sentence_transformers import ${ref(name)}

${call(`model = ${name}(`, args)}`;
  return [pythonSnippet(`${remoteCode ? `${remoteCodeNote.text}\n` : ""}${load}\n\n${usage[name]}`)];
};
