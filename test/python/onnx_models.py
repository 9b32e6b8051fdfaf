"""Builds tiny random models with transformers and torch, exported to ONNX, laid out as transformers.js reads a Hub repository.

Usage: python onnx_models.py <out-dir> <spec.json>
The spec is a list of {"kind": ..., "repo": "<owner>/<name>"}; each repository is written to <out-dir>/<owner>/<name>/:
config.json, the tokenizer (tokenizer.json, tokenizer_config.json) or the image or audio processor (preprocessor_config.json),
and onnx/model.onnx, the file transformers.js 4 asks for on Node by default (device cpu, dtype fp32: no suffix).
The torch models are transformers' own architectures with tiny random configs, as tiny_models.py makes them; the ONNX
graphs come from torch.onnx.export (its TorchScript exporter, which needs onnx). Nothing is downloaded.
"""

import json
import os
import sys
import time
import warnings

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = (
    "the a of to and is in it i you that this with my for on are be not have love transformers goal life "
    "problem iphone needs resolved asap urgent phone computer example hello world good bad"
).split()


def bert_tokenizer(folder):
    """A WordPiece tokenizer (the BERT family's) over a small vocabulary; transformers writes its tokenizer.json."""
    from transformers import BertTokenizer

    tokens = list(dict.fromkeys(SPECIALS + WORDS + list(".,!?'") + ["##s", "##ed", "##ing"]))
    tokenizer = BertTokenizer(vocab={token: index for index, token in enumerate(tokens)})
    tokenizer.model_max_length = 64
    tokenizer.save_pretrained(folder)
    return tokenizer


def export(module, args, folder, inputs, outputs, dynamic, name="model"):
    """Exports module(*args) to <folder>/onnx/<name>.onnx, one file, with the dynamic axes named in `dynamic`.

    The TorchScript exporter (dynamo=False), the one optimum used for the Hub's transformers.js models: it needs onnx
    only, and takes about a second a model where the dynamo exporter takes fifteen.
    """
    import torch

    os.makedirs(os.path.join(folder, "onnx"), exist_ok=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            module.eval(), tuple(args), os.path.join(folder, "onnx", f"{name}.onnx"), dynamo=False,
            input_names=inputs, output_names=outputs, dynamic_axes=dynamic, opset_version=17,
        )


class Outputs:
    """Wraps a transformers model so that its forward takes positional tensors and returns a tuple of named outputs."""

    def __new__(cls, model, inputs, outputs):
        import torch

        class Wrapper(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.model = model

            def forward(self, *tensors):
                result = self.model(**dict(zip(inputs, tensors)))
                return tuple(getattr(result, name) for name in outputs)

        return Wrapper()


def text_model(folder, model_class, config, with_token_types):
    import torch

    model = model_class(config)
    config.save_pretrained(folder)
    inputs = ["input_ids", "attention_mask"] + (["token_type_ids"] if with_token_types else [])
    ids = torch.tensor([[2, 5, 6, 7, 3], [2, 8, 9, 3, 0]])
    tensors = [ids, (ids != 0).long()] + ([torch.zeros_like(ids)] if with_token_types else [])
    dynamic = {name: {0: "batch", 1: "sequence"} for name in inputs}
    export(Outputs(model, inputs, ["logits"]), tensors, folder, inputs, ["logits"], dynamic)


def sequence_classification(folder, spec):
    from transformers import DistilBertConfig, DistilBertForSequenceClassification

    tokenizer = bert_tokenizer(folder)
    labels = ["NEGATIVE", "POSITIVE"]
    config = DistilBertConfig(
        vocab_size=len(tokenizer), dim=16, n_layers=2, n_heads=2, hidden_dim=32, max_position_embeddings=64,
        id2label=dict(enumerate(labels)), label2id={label: index for index, label in enumerate(labels)},
    )
    text_model(folder, DistilBertForSequenceClassification, config, with_token_types=False)


def masked_lm(folder, spec):
    from transformers import BertConfig, BertForMaskedLM

    tokenizer = bert_tokenizer(folder)
    config = BertConfig(
        vocab_size=len(tokenizer), hidden_size=16, num_hidden_layers=2, num_attention_heads=2, intermediate_size=32,
        max_position_embeddings=64,
    )
    text_model(folder, BertForMaskedLM, config, with_token_types=True)


def zero_shot(folder, spec):
    """An NLI classifier, as zero-shot classification needs: its labels name entailment and contradiction."""
    from transformers import MobileBertConfig, MobileBertForSequenceClassification

    tokenizer = bert_tokenizer(folder)
    labels = ["contradiction", "entailment", "neutral"]
    config = MobileBertConfig(
        vocab_size=len(tokenizer), hidden_size=16, embedding_size=8, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=16, intra_bottleneck_size=8, num_feedforward_networks=1, max_position_embeddings=64,
        id2label=dict(enumerate(labels)), label2id={label: index for index, label in enumerate(labels)},
    )
    text_model(folder, MobileBertForSequenceClassification, config, with_token_types=True)


def object_detection(folder, spec):
    """DETR with a small ResNet backbone (transformers' own, not timm's) and the image processor's settings."""
    import torch
    from transformers import DetrConfig, DetrForObjectDetection, ResNetConfig

    labels = ["cat", "remote"]
    backbone = ResNetConfig(embedding_size=8, hidden_sizes=[8, 16], depths=[1, 1], layer_type="basic", out_features=["stage2"])
    config = DetrConfig(
        backbone_config=backbone, d_model=16, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
        decoder_attention_heads=2, encoder_ffn_dim=32, decoder_ffn_dim=32, num_queries=5,
        id2label=dict(enumerate(labels)), label2id={label: index for index, label in enumerate(labels)},
    )
    model = DetrForObjectDetection(config)
    # Random weights score every query about evenly; a bias on "cat" lifts the queries over the pipeline's default
    # threshold (0.9), so that the example prints boxes rather than an empty list.
    with torch.no_grad():
        model.class_labels_classifier.bias.copy_(torch.tensor([8.0, 0.0, 0.0]))
    config.save_pretrained(folder)
    processor = {
        "image_processor_type": "DetrImageProcessor",
        "do_resize": True, "size": {"shortest_edge": 64, "longest_edge": 96}, "resample": 2,
        "do_rescale": True, "rescale_factor": 1 / 255,
        "do_normalize": True, "image_mean": [0.485, 0.456, 0.406], "image_std": [0.229, 0.224, 0.225],
        "do_pad": True, "format": "coco_detection",
    }
    with open(os.path.join(folder, "preprocessor_config.json"), "w") as file:
        json.dump(processor, file, indent=2)
    outputs = ["logits", "pred_boxes"]
    dynamic = {"pixel_values": {0: "batch", 2: "height", 3: "width"}}
    export(Outputs(model, ["pixel_values"], outputs), [torch.rand(2, 3, 64, 80)], folder, ["pixel_values"], outputs, dynamic)


def voice_activity(folder, spec):
    """A voice activity detector with Silero VAD's ONNX interface (input, sr, state -> output, stateN), random weights.

    Silero VAD is not a transformers architecture, so this one is a small torch module (a strided convolution and an
    LSTM cell); its config.json names a model type transformers.js does not know, which AutoModel loads as a base model.
    """
    import torch

    class VoiceActivity(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.frames = torch.nn.Conv1d(1, 16, kernel_size=64, stride=32)
            self.cell = torch.nn.LSTMCell(16, 128)
            self.head = torch.nn.Linear(128, 1)

        def forward(self, input, sr, state):
            features = self.frames(input.unsqueeze(1)).relu().mean(dim=2)
            hidden, cell = self.cell(features, (state[0], state[1]))
            scale = (sr > 0).to(input.dtype)
            return torch.sigmoid(self.head(hidden)) * scale, torch.stack([hidden, cell])

    with open(os.path.join(folder, "config.json"), "w") as file:
        json.dump({"model_type": "silero-vad", "sampling_rate": 16000}, file, indent=2)
    args = [torch.rand(2, 512), torch.tensor(16000), torch.zeros(2, 2, 128)]
    dynamic = {"input": {0: "batch", 1: "samples"}, "state": {1: "batch"}, "output": {0: "batch"}, "stateN": {1: "batch"}}
    export(VoiceActivity(), args, folder, ["input", "sr", "state"], ["output", "stateN"], dynamic)


def audio_classification(folder, spec):
    """Wav2Vec2 with a classification head: the samples at 16 kHz (input_values) in, one row of logits out.

    Its feature extractor (preprocessor_config.json) names the sampling rate the pipeline reads; transformers.js feeds
    a session only the inputs it declares, so the graph takes input_values alone (no attention mask, as Wav2Vec2's
    base models take none).
    """
    import torch
    from transformers import Wav2Vec2Config, Wav2Vec2FeatureExtractor, Wav2Vec2ForSequenceClassification

    labels = ["yes", "no", "up", "down"]
    config = Wav2Vec2Config(
        hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32, conv_dim=(8, 8),
        conv_stride=(5, 4), conv_kernel=(10, 8), num_conv_pos_embeddings=8, num_conv_pos_embedding_groups=2,
        classifier_proj_size=8, id2label=dict(enumerate(labels)), label2id={label: index for index, label in enumerate(labels)},
    )
    model = Wav2Vec2ForSequenceClassification(config)
    config.save_pretrained(folder)
    Wav2Vec2FeatureExtractor(sampling_rate=16000, do_normalize=True, return_attention_mask=False).save_pretrained(folder)
    dynamic = {"input_values": {0: "batch", 1: "samples"}, "logits": {0: "batch"}}
    export(Outputs(model, ["input_values"], ["logits"]), [torch.rand(2, 16000)], folder, ["input_values"], ["logits"], dynamic)


def speech_recognition(folder, spec):
    from onnx_whisper import whisper  # beside this file (the script's folder is on sys.path)

    whisper(folder, spec, export)


def chat_model(folder, spec):
    from onnx_chat import chat  # beside this file

    chat(folder, spec, export)


BUILDERS = {
    "sequence-classification": sequence_classification,
    "masked-lm": masked_lm,
    "zero-shot": zero_shot,
    "object-detection": object_detection,
    "voice-activity": voice_activity,
    "speech-recognition": speech_recognition,
    "audio-classification": audio_classification,
    "chat": chat_model,
}


def main():
    out_dir, spec_path = sys.argv[1], sys.argv[2]
    with open(spec_path) as file:
        specs = json.load(file)
    for spec in specs:
        started = time.monotonic()
        folder = os.path.join(out_dir, *spec["repo"].split("/"))
        os.makedirs(folder, exist_ok=True)
        BUILDERS[spec["kind"]](folder, spec)
        print(f"built {spec['kind']} {spec['repo']} in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
