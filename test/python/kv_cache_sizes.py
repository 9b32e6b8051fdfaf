"""The bytes of KV cache the installed transformers allocates for a forward pass, asked of the library itself.

Usage: python kv_cache_sizes.py < cases.json
Reads a JSON list of cases, each {"config": {...config.json with model_type...}, "tokens": N}. For each, builds the
model from the config alone (AutoConfig.for_model, AutoModelForCausalLM.from_config: random weights, no download) in
float32 on the CPU, runs one forward pass of N input ids with use_cache=True, and measures the returned
past_key_values. A config shared by several cases is built once.

Prints one JSON object: the versions, the dtype, and per case the cache's bytes (every layer's key and value tensors,
numel x element_size), the bytes per value, each layer's cache class and tensor shapes, and the config as
save_pretrained would write it to config.json (what a Hub record of a checkpoint saved by this version carries).
"""

import json
import sys

import torch
import transformers
from transformers import AutoConfig, AutoModelForCausalLM

# float32 keeps every CPU kernel available for every architecture; the bytes per value are reported, not assumed.
DTYPE = torch.float32
# One thread: these models are tiny, and torch's thread pool on a shared machine costs far more than it saves
# (measured on 2 loaded cores: 0.3-1.3 s a forward pass with the pool, under 0.02 s without).
torch.set_num_threads(1)


def cache_layers(cache):
    """(name, keys, values) for each layer, whichever Cache API this transformers version has."""
    if hasattr(cache, "layers"):  # the newer Cache: one CacheLayer object per layer
        return [(type(layer).__name__, layer.keys, layer.values) for layer in cache.layers]
    if hasattr(cache, "key_cache"):  # the DynamicCache of earlier 4.x releases: two lists of tensors
        return [(type(cache).__name__, keys, values) for keys, values in zip(cache.key_cache, cache.value_cache)]
    return [("tuple", keys, values) for keys, values in cache]  # the legacy tuple of (key, value) pairs


def tensor_bytes(tensor):
    return 0 if tensor is None else tensor.numel() * tensor.element_size()


def shape_of(tensor):
    return None if tensor is None else list(tensor.shape)


def build(config_dict):
    fields = dict(config_dict)
    config = AutoConfig.for_model(fields.pop("model_type"), **fields)
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(config, dtype=DTYPE)
    model.eval()
    return config, model


def measure(model, config, tokens):
    vocab = getattr(config.get_text_config(), "vocab_size", None) or config.vocab_size
    input_ids = torch.randint(0, vocab, (1, tokens))
    with torch.no_grad():
        output = model(input_ids=input_ids, use_cache=True)
    layers = cache_layers(output.past_key_values)
    sizes = {tensor.element_size() for _, keys, values in layers for tensor in (keys, values) if tensor is not None}
    return {
        "bytes": sum(tensor_bytes(keys) + tensor_bytes(values) for _, keys, values in layers),
        "bytesPerValue": sizes.pop() if len(sizes) == 1 else None,
        "layers": [{"cache": name, "keys": shape_of(keys), "values": shape_of(values)} for name, keys, values in layers],
    }


def main():
    cases = json.load(sys.stdin)
    built = {}
    results = []
    for case in cases:
        key = json.dumps(case["config"], sort_keys=True)
        if key not in built:
            built[key] = build(case["config"])
        config, model = built[key]
        result = measure(model, config, case["tokens"])
        result["saved"] = json.loads(config.to_json_string(use_diff=True))
        results.append(result)
    versions = {"transformers": transformers.__version__, "torch": torch.__version__}
    print(json.dumps({**versions, "dtype": str(DTYPE), "results": results}))


if __name__ == "__main__":
    main()
