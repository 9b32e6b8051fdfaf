"""Which Hub repositories of open_clip's pretrained list load their text side through transformers, read in the wheel.

Usage: python open_clip_text_towers.py <open_clip_torch wheel>
Prints {"version", "repos": {"<hub repo id>": "<model config>"}, "configs": {"<model config>": [keys]}}: for every
model config (open_clip/model_configs/*.json), which of hf_tokenizer_name (get_tokenizer then builds an HFTokenizer,
which imports transformers.AutoTokenizer) and hf_model_name (HFTextEncoder, which imports transformers) its text_cfg
names, and each Hub repository pretrained.py lists for a config that names one. The package is not imported (it
needs torchvision, which does not load here): pretrained.py runs alone, with the two modules it imports.
"""

import importlib
import json
import os
import sys
import tempfile
import zipfile

TEXT_KEYS = ("hf_tokenizer_name", "hf_model_name")


def main():
    wheel = zipfile.ZipFile(sys.argv[1])
    configs = {}
    for name in wheel.namelist():
        if name.startswith("open_clip/model_configs/") and name.endswith(".json"):
            text_cfg = json.loads(wheel.read(name)).get("text_cfg", {})
            configs[os.path.basename(name)[: -len(".json")]] = [key for key in TEXT_KEYS if key in text_cfg]
    with tempfile.TemporaryDirectory() as folder:
        package = os.path.join(folder, "open_clip_pretrained_only")
        os.mkdir(package)
        open(os.path.join(package, "__init__.py"), "w").close()
        for module in ("pretrained", "constants", "version"):
            with open(os.path.join(package, f"{module}.py"), "wb") as file:
                file.write(wheel.read(f"open_clip/{module}.py"))
        sys.path.insert(0, folder)
        pretrained = importlib.import_module("open_clip_pretrained_only.pretrained")
        version = importlib.import_module("open_clip_pretrained_only.version").__version__
    repos = {}
    for model, tags in pretrained._PRETRAINED.items():
        for cfg in tags.values():
            repo = cfg.get("hf_hub", "").strip("/")
            if repo and configs.get(model):
                repos[repo] = model
    print(json.dumps({"version": version, "repos": repos, "configs": configs}))


if __name__ == "__main__":
    main()
