"""A tiny random Qwen2 chat model for transformers.js: onnx/model.onnx with its key-value cache, and a chat template.

The repository transformers.js reads for a text-generation model: config.json, generation_config.json, the tokenizer
(a byte-level BPE over the 256 byte symbols with Qwen's <|im_start|>, <|im_end|> and <|endoftext|> special tokens, and
the chat template in tokenizer_config.json) and the decoder. The decoder takes input_ids, attention_mask, position_ids
and the cache of every layer (past_key_values.<i>.key and .value, empty on the first step) and returns logits and the
updated cache (present.<i>.key and .value), the inputs and outputs transformers.js feeds a decoder-only session.
"""

import json
import os

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CHAT_TEMPLATE = (
    "{%- for message in messages %}{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}"
    "{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)


def chat_tokenizer(folder):
    """A byte-level BPE with no merges but a few, Qwen's special tokens and the chat template."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from tokenizers.pre_tokenizers import ByteLevel
    from transformers import PreTrainedTokenizerFast

    symbols = sorted(ByteLevel.alphabet())
    merges = [("Ġ", "t"), ("h", "e"), ("Ġt", "he")]
    vocab = {symbol: index for index, symbol in enumerate(symbols)}
    for left, right in merges:
        vocab[left + right] = len(vocab)
    backend = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    backend.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    backend.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=backend, eos_token="<|im_end|>", pad_token="<|endoftext|>",
        additional_special_tokens=["<|im_start|>"], model_max_length=128,
    )
    tokenizer.save_pretrained(folder)
    # As the Hub's ONNX chat models ship it, and as transformers.js reads it: the template inside tokenizer_config.json
    # (transformers 5 writes it to chat_template.jinja, which transformers.js reads for processors only).
    path = os.path.join(folder, "tokenizer_config.json")
    with open(path) as file:
        settings = json.load(file)
    settings.update(chat_template=CHAT_TEMPLATE, tokenizer_class="Qwen2Tokenizer")
    with open(path, "w") as file:
        json.dump(settings, file, indent=2)
    return tokenizer


def chat(folder, spec, export):
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM
    from transformers.cache_utils import DynamicCache

    tokenizer = chat_tokenizer(folder)
    end = tokenizer.convert_tokens_to_ids("<|im_end|>")
    pad = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    config = Qwen2Config(
        vocab_size=len(tokenizer), hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
        num_key_value_heads=1, max_position_embeddings=128, eos_token_id=end, pad_token_id=pad, bos_token_id=None,
        tie_word_embeddings=True,
    )
    model = Qwen2ForCausalLM(config).eval()
    config.save_pretrained(folder)
    GenerationConfig(eos_token_id=end, pad_token_id=pad, max_length=128).save_pretrained(folder)
    layers = config.num_hidden_layers

    class Decoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, position_ids, *past):
            pairs = [(past[2 * i], past[2 * i + 1]) for i in range(layers)]
            cache = DynamicCache(ddp_cache_data=pairs)
            out = self.model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids,
                             past_key_values=cache, use_cache=True)
            present = out.past_key_values
            tensors = [tensor for i in range(layers) for tensor in (present.layers[i].keys, present.layers[i].values)]
            return (out.logits, *tensors)

    kv_heads, head_size = config.num_key_value_heads, config.hidden_size // config.num_attention_heads
    past_names = [f"past_key_values.{i}.{kind}" for i in range(layers) for kind in ("key", "value")]
    present_names = [name.replace("past_key_values", "present") for name in past_names]
    ids = torch.tensor([[5, 6, 7], [8, 9, 10]])
    args = [ids, torch.ones(2, 5, dtype=torch.long), torch.tensor([[2, 3, 4]] * 2)]
    args += [torch.rand(2, kv_heads, 2, head_size) for _ in past_names]
    dynamic = {
        "input_ids": {0: "batch_size", 1: "sequence_length"},
        "attention_mask": {0: "batch_size", 1: "total_sequence_length"},
        "position_ids": {0: "batch_size", 1: "sequence_length"},
        "logits": {0: "batch_size", 1: "sequence_length"},
    }
    dynamic.update({name: {0: "batch_size", 2: "past_sequence_length"} for name in past_names})
    dynamic.update({name: {0: "batch_size", 2: "total_sequence_length"} for name in present_names})
    export(Decoder(), args, folder, ["input_ids", "attention_mask", "position_ids", *past_names],
           ["logits", *present_names], dynamic)
