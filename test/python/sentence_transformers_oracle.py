"""Which class of the installed sentence-transformers loads each local repository as it was saved, and whether it
needs trust_remote_code=True: asked of the library itself, by loading.

Usage: python sentence_transformers_oracle.py <root> <repo id>...
Prints one JSON object: for each repository, its files, its config.json's architectures/model_type/auto_map, its
model card's metadata (or null without README.md), the classes that load it as saved, and whether loading without
trust_remote_code fails.

A class loads a repository as saved when the library does not convert it (no "Converting ..." warning) and the loaded
model's parameters are exactly the repository's weights: every tensor of its safetensors files is used, and no
parameter is newly initialized (a dropped classification head, or one made up, fails this).
"""

import glob
import json
import logging
import os
import sys

import torch
from huggingface_hub import ModelCard
from safetensors.torch import load_file
from sentence_transformers import CrossEncoder, SentenceTransformer, SparseEncoder, __version__

CLASSES = {"SentenceTransformer": SentenceTransformer, "CrossEncoder": CrossEncoder, "SparseEncoder": SparseEncoder}


class Warnings(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def matches(tensor, pool):
    return any(other.shape == tensor.shape and torch.equal(other.float(), tensor.float()) for other in pool)


def loads_as_saved(cls, folder, trust):
    handler = Warnings()
    logger = logging.getLogger("sentence_transformers")
    logger.addHandler(handler)
    try:
        model = cls(folder, trust_remote_code=trust, device="cpu")
    except (ValueError, OSError, KeyError):  # a class that cannot build this repository's model does not load it
        return False
    finally:
        logger.removeHandler(handler)
    if any(message.startswith("Converting") for message in handler.messages):
        return False
    saved = [tensor for path in glob.glob(os.path.join(folder, "**", "*.safetensors"), recursive=True) for tensor in load_file(path).values()]
    parameters = [parameter.detach() for parameter in model.parameters()]
    loaded = parameters + [buffer.detach() for buffer in model.buffers()]
    return all(matches(tensor, loaded) for tensor in saved) and all(matches(parameter, saved) for parameter in parameters)


def needs_remote_code(folder):
    try:
        SentenceTransformer(folder, trust_remote_code=False, device="cpu")
        return False
    except Exception:  # transformers refuses the repository's code without trust_remote_code
        return True


def describe(folder):
    files = sorted(os.path.relpath(path, folder) for path in glob.glob(os.path.join(folder, "**", "*"), recursive=True) if os.path.isfile(path))
    with open(os.path.join(folder, "config.json")) as file:
        config = json.load(file)
    card = None
    if os.path.exists(os.path.join(folder, "README.md")):
        data = ModelCard.load(os.path.join(folder, "README.md")).data.to_dict()
        card = {key: data[key] for key in ("tags", "pipeline_tag", "library_name") if key in data}
    remote = needs_remote_code(folder)
    return {
        "files": files,
        "config": {key: config[key] for key in ("architectures", "model_type", "auto_map") if key in config},
        "card": card,
        "loads": [name for name, cls in CLASSES.items() if loads_as_saved(cls, folder, remote)],
        "remoteCode": remote,
    }


def main():
    root, repos = sys.argv[1], sys.argv[2:]
    answer = {repo: describe(os.path.join(root, *repo.split("/"))) for repo in repos}
    print(json.dumps({"version": __version__, "repos": answer}))


if __name__ == "__main__":
    main()
