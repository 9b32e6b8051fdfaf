"""What the installed 🤗 Datasets says of the feature types it decodes when a row is read.

For each module datasets/features/<type>.py: the top-level modules it imports (at any depth, as decoding imports them
lazily). For each folder builder (packaged_modules/<name>folder): the feature type it decodes (its BASE_FEATURE's
class name, lowercased). For each extra of the datasets distribution: the names of the packages it requires.
Prints one JSON document: {"version", "imports": {type: [module]}, "folders": {builder: type}, "extras": {extra: [name]}}.
"""

import ast
import importlib.metadata
import inspect
import json
import re
from pathlib import Path

import datasets
from datasets import packaged_modules

features_dir = Path(datasets.__file__).parent / "features"
imports = {}
for path in sorted(features_dir.glob("*.py")):
    if path.name.startswith("_"):
        continue
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    imports[path.stem] = sorted(modules)

folders = {}
for name in sorted(packaged_modules._PACKAGED_DATASETS_MODULES):
    if not name.endswith("folder"):
        continue
    module = importlib.import_module(f"datasets.packaged_modules.{name}.{name}")
    for _, cls in inspect.getmembers(module, inspect.isclass):
        feature = getattr(cls, "BASE_FEATURE", None)
        if cls.__module__ == module.__name__ and feature is not None:
            folders[name] = feature.__name__.lower()

extras = {}
for requirement in importlib.metadata.requires("datasets") or []:
    match = re.search(r"""extra\s*==\s*["']([^"']+)["']""", requirement)
    if match:
        extras.setdefault(match.group(1), []).append(re.split(r"[\s;<>=!~\[]", requirement, maxsplit=1)[0])

print(json.dumps({"version": datasets.__version__, "imports": imports, "folders": folders, "extras": extras}))
