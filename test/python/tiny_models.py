"""Builds tiny random models with the libraries themselves, each as the folder of a Hub repository.

Usage: python tiny_models.py <root> <spec.json>
The spec is a list of {"kind": ..., "repo": "<owner>/<name>", ...}; each model is saved as the files of its
repository in <root>/<owner>/<name>/, which the suite's local Hub (test/helpers/local-hub.ts) serves under that id,
so that a snippet run with HF_ENDPOINT pointing there downloads it as it would from the Hub.
A few KB to a few MB each: random weights, a word-level tokenizer made here, no download.
"""

import json
import os
import shutil
import sys
import tempfile

WORDS = (
    "the a of to and is in it you that he was for on are with as i his they be at one have this from or had by "
    "paris capital france movie delight start finish name julien like my who what are your weather sunny today "
    "lovely outside drove stadium sentence similar cat dog model hello world good bad"
).split()
CHAT_TEMPLATE = (
    "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n{% endfor %}"
    "{% if add_generation_prompt %}assistant:{% endif %}"
)


def store(root, repo, folder):
    """Moves a saved model folder to <root>/<repo id>/, the repository's files."""
    target = os.path.join(root, *repo.split("/"))
    if os.path.exists(target):
        shutil.rmtree(target)
    shutil.copytree(folder, target)


def word_tokenizer(chat_template=None, mask=False, bert=False):
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] if bert else ["<pad>", "<unk>", "<s>", "</s>"]
    tokens = list(dict.fromkeys(specials + WORDS + [".", ",", "?", "!", ":"]))
    vocab = {token: index for index, token in enumerate(tokens)}
    backend = Tokenizer(models.WordLevel(vocab=vocab, unk_token=specials[1]))
    backend.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    if bert:
        tokenizer = PreTrainedTokenizerFast(
            tokenizer_object=backend,
            pad_token="[PAD]",
            unk_token="[UNK]",
            cls_token="[CLS]",
            sep_token="[SEP]",
            mask_token="[MASK]",
        )
    else:
        tokenizer = PreTrainedTokenizerFast(
            tokenizer_object=backend, pad_token="<pad>", unk_token="<unk>", bos_token="<s>", eos_token="</s>"
        )
    if chat_template:
        tokenizer.chat_template = chat_template
    return tokenizer


def causal_lm(folder, spec):
    from transformers import GPT2Config, GPT2LMHeadModel

    tokenizer = word_tokenizer(CHAT_TEMPLATE if spec.get("chat") else None)
    config = GPT2Config(
        vocab_size=len(tokenizer), n_positions=128, n_embd=16, n_layer=2, n_head=2,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id,
    )
    GPT2LMHeadModel(config).save_pretrained(folder)
    # "tokenizer": false leaves a base model without one, as when only its adapter ships the tokenizer it was tuned with.
    if spec.get("tokenizer", True):
        tokenizer.save_pretrained(folder)


def seq2seq_lm(folder, spec):
    """A tiny encoder-decoder of the architecture the spec names (bart or t5), for the generate-and-decode snippets."""
    from transformers import BartConfig, BartForConditionalGeneration, T5Config, T5ForConditionalGeneration

    tokenizer = word_tokenizer()
    ids = dict(pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id)
    if spec.get("arch", "bart") == "t5":
        config = T5Config(
            vocab_size=len(tokenizer), d_model=16, d_kv=8, d_ff=32, num_layers=1, num_heads=2,
            decoder_start_token_id=tokenizer.pad_token_id, **ids,
        )
        model = T5ForConditionalGeneration(config)
    else:
        config = BartConfig(
            vocab_size=len(tokenizer), d_model=16, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
            decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32, max_position_embeddings=128,
            bos_token_id=tokenizer.bos_token_id, decoder_start_token_id=tokenizer.eos_token_id, **ids,
        )
        model = BartForConditionalGeneration(config)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)


def bert(folder, spec, head, labels=("NEGATIVE", "POSITIVE")):
    from transformers import BertConfig, BertForMaskedLM, BertForSequenceClassification, BertModel

    tokenizer = word_tokenizer(bert=True)
    config = BertConfig(
        vocab_size=len(tokenizer), hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=32, max_position_embeddings=64,
        id2label=dict(enumerate(labels)), label2id={label: index for index, label in enumerate(labels)},
    )
    model = {"masked-lm": BertForMaskedLM, "sequence-classification": BertForSequenceClassification, "base": BertModel}[head]
    model(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)


def sentence_transformer(folder, spec):
    from sentence_transformers import SentenceTransformer, models

    with tempfile.TemporaryDirectory() as base:
        bert(base, spec, "base")
        encoder = models.Transformer(base, max_seq_length=32)
        pooling = models.Pooling(encoder.get_word_embedding_dimension(), pooling_mode="mean")
        SentenceTransformer(modules=[encoder, pooling]).save(folder)


def cross_encoder(folder, spec):
    """A reranker: one relevance score per pair. `saved_by` "transformers" leaves the checkpoint alone (no
    modules.json, as older cross-encoders and BAAI's rerankers are); "sentence-transformers" saves it with CrossEncoder."""
    from sentence_transformers import CrossEncoder

    if spec.get("saved_by", "transformers") == "transformers":
        bert(folder, spec, "sequence-classification", labels=("LABEL_0",))
        return
    with tempfile.TemporaryDirectory() as base:
        bert(base, spec, "sequence-classification", labels=("LABEL_0",))
        CrossEncoder(base).save(folder)


def sparse_encoder(folder, spec):
    """A SPLADE model: a masked-LM head whose logits pool into one weight per vocabulary token."""
    from sentence_transformers import SparseEncoder

    with tempfile.TemporaryDirectory() as base:
        bert(base, spec, "masked-lm")
        SparseEncoder(base).save(folder)


CUSTOM_CONFIG = """from transformers import BertConfig


class TinyCustomConfig(BertConfig):
    model_type = "tiny_custom_bert"
"""
CUSTOM_MODEL = """from transformers import BertModel

from .configuration_tiny_custom import TinyCustomConfig


class TinyCustomModel(BertModel):
    config_class = TinyCustomConfig
"""


def custom_code(folder, spec):
    """A bi-encoder whose encoder is defined by the repository's own code (config.json's auto_map)."""
    sentence_transformer(folder, spec)
    with open(os.path.join(folder, "configuration_tiny_custom.py"), "w") as file:
        file.write(CUSTOM_CONFIG)
    with open(os.path.join(folder, "modeling_tiny_custom.py"), "w") as file:
        file.write(CUSTOM_MODEL)
    with open(os.path.join(folder, "config.json")) as file:
        config = json.load(file)
    config.update(
        model_type="tiny_custom_bert",
        architectures=["TinyCustomModel"],
        auto_map={"AutoConfig": "configuration_tiny_custom.TinyCustomConfig", "AutoModel": "modeling_tiny_custom.TinyCustomModel"},
    )
    with open(os.path.join(folder, "config.json"), "w") as file:
        json.dump(config, file, indent=2)


def peft_lora(folder, spec):
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    with tempfile.TemporaryDirectory() as base_folder:
        causal_lm(base_folder, spec)
        base = AutoModelForCausalLM.from_pretrained(base_folder)
    config = LoraConfig(task_type="CAUSAL_LM", r=2, lora_alpha=4, target_modules=["c_attn"])
    model = get_peft_model(base, config)
    model.save_pretrained(folder)
    if spec.get("tokenizer"):
        word_tokenizer(CHAT_TEMPLATE).save_pretrained(folder)
    with open(os.path.join(folder, "adapter_config.json")) as file:
        adapter = json.load(file)
    adapter["base_model_name_or_path"] = spec["base"]
    with open(os.path.join(folder, "adapter_config.json"), "w") as file:
        json.dump(adapter, file)


def sklearn_model(folder, spec):
    import joblib
    import numpy
    from sklearn.linear_model import LogisticRegression

    features = numpy.random.default_rng(0).normal(size=(20, spec.get("features", 4)))
    labels = numpy.arange(20) % 2
    joblib.dump(LogisticRegression().fit(features, labels), os.path.join(folder, spec["file"]))


def tapas(folder, spec):
    """A table question-answering TAPAS model: its WordPiece vocabulary holds the words of the widget's table."""
    from transformers import TapasConfig, TapasForQuestionAnswering, TapasTokenizer

    words = "how many stars does the transformers repository have datasets tokenizers python rust and nodejs".split()
    tokens = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "[EMPTY]"] + words + list("0123456789?,.")
    vocab = os.path.join(folder, "vocab.txt")
    with open(vocab, "w") as file:
        file.write("\n".join(tokens) + "\n")
    config = TapasConfig(
        vocab_size=len(tokens), hidden_size=16, num_hidden_layers=2, num_attention_heads=2, intermediate_size=32,
        max_position_embeddings=128, select_one_column=True, init_cell_selection_weights_to_zero=True,
    )
    TapasForQuestionAnswering(config).save_pretrained(folder)
    TapasTokenizer(vocab).save_pretrained(folder)


BUILDERS = {
    "causal-lm": causal_lm,
    "seq2seq-lm": seq2seq_lm,
    "masked-lm": lambda folder, spec: bert(folder, spec, "masked-lm"),
    "sequence-classification": lambda folder, spec: bert(folder, spec, "sequence-classification"),
    "sentence-transformers": sentence_transformer,
    "base-encoder": lambda folder, spec: bert(folder, spec, "base"),
    "cross-encoder": cross_encoder,
    "sparse-encoder": sparse_encoder,
    "custom-code-encoder": custom_code,
    "peft-lora": peft_lora,
    "sklearn": sklearn_model,
    "table-qa": tapas,
}


def main():
    root, spec_path = sys.argv[1], sys.argv[2]
    with open(spec_path) as file:
        specs = json.load(file)
    for spec in specs:
        with tempfile.TemporaryDirectory() as folder:
            BUILDERS[spec["kind"]](folder, spec)
            store(root, spec["repo"], folder)
        print(f"built {spec['kind']} {spec['repo']}")


if __name__ == "__main__":
    main()
