"""Writes a tiny random llama model as GGUF files, one per quantization, with llama.cpp's own gguf package.

Usage: python tiny_gguf.py <out-dir> <basename> <QUANT>...   (QUANT: F16, Q8_0 or Q4_K_M)
Writes <out-dir>/<basename>-<QUANT>.gguf for each, and prints one JSON line: the parameter count and the metadata the
Hub shows for such a repository (its `gguf` field). The same bytes on every run (a fixed seed).

The model: llama architecture, 2 layers, 64 dimensions, 4 heads (2 key/value heads), a SentencePiece vocabulary of
430 tokens (the 256 byte-fallback tokens, so any text tokenizes; letters; a few words; <s>, </s>, ChatML's
<|im_start|> and <|im_end|>), a ChatML chat template. The attention and feed-forward weights are random (normal,
std 0.02, GPT-2's initialisation). The embedding and output matrices are random too, except for a successor chain
written into them, which makes the model say "Hello from a tiny random model." and then <|im_end|>, whatever the
prompt (the last prompt token decides the next one; the layers' small random contributions do not move the argmax).
Why: `node-llama-cpp chat` decodes greedily and the snippet sets no token limit. With purely random weights the
logits are nearly uniform: tried here, the answer was ~40 tokens of byte garbage, ended only when <|im_end|> came up
by chance (~40 s on 2 cores); nothing bounds that but the 1024-token context. The chain makes the answer short,
recognisable and the same on every run.

Q4_K_M: gguf's Python quantizers do not implement the K-quants (llama.cpp's C++ quantize tool does), so the file
named Q4_K_M holds Q4_0 tensors, the 4-bit type the package writes, and says so in general.file_type.
"""

import json
import os
import sys

import gguf
import numpy as np

N_EMBD = 64
N_LAYER = 2
N_HEAD = 4
N_HEAD_KV = 2
N_FF = 128
CONTEXT = 1024
SEED = 20260101

SPECIALS = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]
CHAIN = ["\u2581Hello", "\u2581from", "\u2581a", "\u2581tiny", "\u2581random", "\u2581model", "."]
WORDS = (
    "the of to and is in it you that for on are with as be at this have from or by not what all were we when your "
    "can there an which their said if do will each about how up out them then she many some so these would other "
    "into has more her two like him see time could no make than first been its who now people my made over did "
    "down only way find use may water long little very after words called just where most know hi there chat"
).split()
CHAT_TEMPLATE = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
QUANTS = {
    "F16": (gguf.GGMLQuantizationType.F16, gguf.LlamaFileType.MOSTLY_F16),
    "Q8_0": (gguf.GGMLQuantizationType.Q8_0, gguf.LlamaFileType.MOSTLY_Q8_0),
    "Q4_K_M": (gguf.GGMLQuantizationType.Q4_0, gguf.LlamaFileType.MOSTLY_Q4_0),
}


def vocabulary():
    """The SentencePiece pieces with their scores and token types."""
    tokens, scores, types = [], [], []

    def add(piece, score, kind):
        if piece not in tokens:
            tokens.append(piece)
            scores.append(score)
            types.append(kind)

    add("<unk>", 0.0, gguf.TokenType.UNKNOWN)
    for piece in SPECIALS[1:]:
        add(piece, 0.0, gguf.TokenType.CONTROL)
    for byte in range(256):
        add(f"<0x{byte:02X}>", 0.0, gguf.TokenType.BYTE)
    singles = ["\u2581"] + [chr(c) for c in range(ord("a"), ord("z") + 1)] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    singles += list(".,!?'-:;0123456789")
    for piece in singles:
        add(piece, -10.0, gguf.TokenType.NORMAL)
    for rank, word in enumerate(CHAIN + ["\u2581" + word for word in WORDS]):
        add(word, -1.0 - rank / 1000, gguf.TokenType.NORMAL)
    return tokens, scores, types


def weights(tokens):
    """float32 tensors by GGUF name, shaped (rows, columns) as numpy sees them."""
    rng = np.random.default_rng(SEED)
    vocab = len(tokens)
    ids = {piece: index for index, piece in enumerate(tokens)}
    chain = [ids[piece] for piece in CHAIN]
    head_dim = N_EMBD // N_HEAD

    def random(*shape):
        return (rng.standard_normal(shape) * 0.02).astype(np.float32)

    # Dimension 0 flags "not in the chain" (+1) or "in it" (-1); dimension 1+k marks the chain's k-th token; the
    # other dimensions are random, so that the tokens differ.
    embed = (rng.standard_normal((vocab, N_EMBD)) * 0.1).astype(np.float32)
    embed[:, : 1 + len(chain)] = 0.0
    embed[:, 0] = 1.0
    output = random(vocab, N_EMBD)
    output[[ids[piece] for piece in SPECIALS]] = 0.0
    output[chain[0], :] = 0.0
    output[chain[0], 0] = 1.0
    for k, token in enumerate(chain):
        embed[token, 0] = -1.0
        embed[token, 1 + k] = 1.0
        successor = chain[k + 1] if k + 1 < len(chain) else ids["<|im_end|>"]
        output[successor, :] = 0.0
        output[successor, 1 + k] = 1.0

    tensors = {"token_embd.weight": embed}
    for layer in range(N_LAYER):
        block = f"blk.{layer}"
        tensors[f"{block}.attn_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
        tensors[f"{block}.attn_q.weight"] = random(N_EMBD, N_EMBD)
        tensors[f"{block}.attn_k.weight"] = random(N_HEAD_KV * head_dim, N_EMBD)
        tensors[f"{block}.attn_v.weight"] = random(N_HEAD_KV * head_dim, N_EMBD)
        tensors[f"{block}.attn_output.weight"] = random(N_EMBD, N_EMBD)
        tensors[f"{block}.ffn_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
        tensors[f"{block}.ffn_gate.weight"] = random(N_FF, N_EMBD)
        tensors[f"{block}.ffn_up.weight"] = random(N_FF, N_EMBD)
        tensors[f"{block}.ffn_down.weight"] = random(N_EMBD, N_FF)
    tensors["output_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
    tensors["output.weight"] = output
    return tensors


def write(path, name, quant, tokens, scores, types, tensors):
    tensor_type, file_type = QUANTS[quant]
    writer = gguf.GGUFWriter(path, "llama")
    writer.add_name(name)
    writer.add_file_type(file_type)
    writer.add_quantization_version(gguf.GGML_QUANT_VERSION)
    writer.add_context_length(CONTEXT)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(len(tokens))
    writer.add_tokenizer_model("llama")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(tokens.index("<unk>"))
    writer.add_bos_token_id(tokens.index("<s>"))
    writer.add_eos_token_id(tokens.index("<|im_end|>"))
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    writer.add_chat_template(CHAT_TEMPLATE)
    for tensor_name, values in tensors.items():
        # Norms stay float32, as llama.cpp's converter keeps them; the matrices take the file's type.
        if values.ndim == 1:
            writer.add_tensor(tensor_name, values)
        elif tensor_type == gguf.GGMLQuantizationType.F16:
            writer.add_tensor(tensor_name, values.astype(np.float16))
        else:
            writer.add_tensor(tensor_name, gguf.quants.quantize(values, tensor_type), raw_dtype=tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main():
    out_dir, basename, quants = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not quants or any(quant not in QUANTS for quant in quants):
        sys.exit(f"usage: tiny_gguf.py <out-dir> <basename> <{'|'.join(QUANTS)}>...")
    os.makedirs(out_dir, exist_ok=True)
    tokens, scores, types = vocabulary()
    tensors = weights(tokens)
    for quant in quants:
        write(os.path.join(out_dir, f"{basename}-{quant}.gguf"), basename, quant, tokens, scores, types, tensors)
    print(json.dumps({
        "total": int(sum(values.size for values in tensors.values())),
        "architecture": "llama",
        "context_length": CONTEXT,
        "chat_template": CHAT_TEMPLATE,
        "bos_token": "<s>",
        "eos_token": "<|im_end|>",
        "vocabulary": len(tokens),
    }))


if __name__ == "__main__":
    main()
