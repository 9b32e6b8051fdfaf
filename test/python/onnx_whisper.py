"""A tiny random English-only Whisper for transformers.js: onnx/encoder_model.onnx and onnx/decoder_model_merged.onnx.

The repository transformers.js reads for automatic-speech-recognition: config.json, generation_config.json,
preprocessor_config.json (the feature extractor), the tokenizer (a byte-level BPE with Whisper's special tokens, made
by transformers' WhisperTokenizer), the encoder (input_features -> last_hidden_state) and the decoder. The decoder
takes input_ids, encoder_hidden_states and the self-attention cache of every layer (past_key_values.<i>.decoder.key
and .value, empty on the first step) and returns logits and the updated cache (present.<i>.decoder.key and .value);
it computes the cross-attention from encoder_hidden_states on every step, so it needs neither the encoder's cache
nor optimum's use_cache_branch switch (transformers.js feeds a session only the inputs it declares).
"""

SPECIALS = [
    "<|endoftext|>", "<|startoftranscript|>", "<|en|>", "<|translate|>", "<|transcribe|>", "<|startoflm|>",
    "<|startofprev|>", "<|nocaptions|>", "<|notimestamps|>",
]


def whisper_tokenizer(folder):
    """Byte-level BPE over the 256 byte symbols, a few merges, then Whisper's special tokens (no timestamp tokens)."""
    from tokenizers.pre_tokenizers import ByteLevel
    from transformers import AddedToken, WhisperTokenizer

    symbols = sorted(ByteLevel.alphabet())
    merges = [("Ġ", "t"), ("h", "e"), ("Ġt", "he"), ("Ġ", "a")]
    vocab = {symbol: index for index, symbol in enumerate(symbols)}
    for left, right in merges:
        vocab[left + right] = len(vocab)
    tokenizer = WhisperTokenizer(vocab=vocab, merges=merges)
    tokenizer.add_special_tokens({"additional_special_tokens": [AddedToken(token, special=True) for token in SPECIALS[1:]]})
    tokenizer.model_max_length = 64
    tokenizer.save_pretrained(folder)
    return tokenizer


def whisper(folder, spec, export):
    import torch
    from transformers import GenerationConfig, WhisperConfig, WhisperFeatureExtractor, WhisperForConditionalGeneration
    from transformers.cache_utils import DynamicCache, EncoderDecoderCache

    tokenizer = whisper_tokenizer(folder)
    ids = {token: tokenizer.convert_tokens_to_ids(token) for token in SPECIALS}
    end = ids["<|endoftext|>"]
    config = WhisperConfig(
        vocab_size=len(tokenizer), num_mel_bins=80, d_model=16, encoder_layers=1, decoder_layers=1,
        encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32,
        max_source_positions=1500, max_target_positions=64, decoder_start_token_id=ids["<|startoftranscript|>"],
        bos_token_id=end, eos_token_id=end, pad_token_id=end, suppress_tokens=[], begin_suppress_tokens=[end],
    )
    model = WhisperForConditionalGeneration(config).eval()
    config.save_pretrained(folder)
    generation = GenerationConfig(
        decoder_start_token_id=ids["<|startoftranscript|>"], bos_token_id=end, eos_token_id=end, pad_token_id=end,
        max_length=24, is_multilingual=False, no_timestamps_token_id=ids["<|notimestamps|>"], suppress_tokens=[],
        begin_suppress_tokens=[end],
    )
    generation.save_pretrained(folder)
    WhisperFeatureExtractor(feature_size=80).save_pretrained(folder)

    class Encoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = model.get_encoder()

        def forward(self, input_features):
            return self.encoder(input_features=input_features).last_hidden_state

    layers = config.decoder_layers

    class Decoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.decoder = model.get_decoder()
            self.proj_out = model.proj_out

        def forward(self, input_ids, encoder_hidden_states, *past):
            pairs = [(past[2 * i], past[2 * i + 1]) for i in range(layers)]
            cache = EncoderDecoderCache(DynamicCache(ddp_cache_data=pairs), DynamicCache())
            out = self.decoder(input_ids=input_ids, encoder_hidden_states=encoder_hidden_states, past_key_values=cache, use_cache=True)
            present = out.past_key_values.self_attention_cache
            tensors = [tensor for i in range(layers) for tensor in (present.layers[i].keys, present.layers[i].values)]
            return (self.proj_out(out.last_hidden_state), *tensors)

    features = torch.rand(2, 80, 3000)
    export(Encoder(), [features], folder, ["input_features"], ["last_hidden_state"],
           {"input_features": {0: "batch_size"}, "last_hidden_state": {0: "batch_size"}}, name="encoder_model")

    heads, head_size = config.decoder_attention_heads, config.d_model // config.decoder_attention_heads
    past_names = [f"past_key_values.{i}.decoder.{kind}" for i in range(layers) for kind in ("key", "value")]
    present_names = [name.replace("past_key_values", "present") for name in past_names]
    hidden = torch.rand(2, 1500, config.d_model)
    args = [torch.tensor([[ids["<|startoftranscript|>"], ids["<|notimestamps|>"]]] * 2), hidden]
    args += [torch.rand(2, heads, 3, head_size) for _ in past_names]
    dynamic = {"input_ids": {0: "batch_size", 1: "decoder_sequence_length"}, "encoder_hidden_states": {0: "batch_size"}}
    dynamic.update({name: {0: "batch_size", 2: "past_decoder_sequence_length"} for name in past_names})
    dynamic.update({name: {0: "batch_size", 2: "past_decoder_sequence_length + 1"} for name in present_names})
    dynamic["logits"] = {0: "batch_size", 1: "decoder_sequence_length"}
    export(Decoder(), args, folder, ["input_ids", "encoder_hidden_states", *past_names], ["logits", *present_names],
           dynamic, name="decoder_model_merged")
