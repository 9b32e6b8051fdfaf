"""The splits, files and builder that the installed 🤗 Datasets resolves for repository layouts.

Reads one JSON layout a line on stdin: {"files": [...], "config": {"data_files": ..., "data_dir": ...}} (config
optional), makes its files (empty) in a fresh folder, and resolves them with datasets' own functions, composed as
load.py composes them: the card's data_files (sanitize_patterns) or the default patterns of the folder
(get_data_patterns), DataFilesDict.from_patterns with every allowed extension, infer_module_for_data_files, then the
builder's filter. Writes one JSON answer a line: {"splits": [[name, [files…]]…], "builder": name, "options": {…}} or
{"error": kind}. Used by test/dataset/data-files-differential.test.ts.
"""

import json
import os
import shutil
import sys
import tempfile

import datasets
from datasets.data_files import DataFilesDict, EmptyDatasetError, get_data_patterns, sanitize_patterns
from datasets.exceptions import DataFilesNotFoundError
from datasets.load import infer_module_for_data_files
from datasets.packaged_modules import (
    _ALL_ALLOWED_EXTENSIONS,
    _MODULE_TO_EXTENSIONS,
    _MODULE_TO_METADATA_EXTENSIONS,
    _MODULE_TO_METADATA_FILE_NAMES,
)


def resolve(layout, root):
    config = layout.get("config") or {}
    data_dir = config.get("data_dir")
    base = os.path.join(root, data_dir) if data_dir else root
    try:
        if config.get("data_files") is not None:
            patterns = sanitize_patterns(config["data_files"])
        else:
            patterns = get_data_patterns(base)
    except EmptyDatasetError:
        return {"error": "no-data-files"}
    except ValueError as error:
        if "Split name should match" in str(error):
            return {"error": "invalid-split-name"}
        raise
    try:
        data_files = DataFilesDict.from_patterns(patterns, base_path=base, allowed_extensions=_ALL_ALLOWED_EXTENSIONS)
    except FileNotFoundError:
        return {"error": "missing-file"}
    try:
        module, options = infer_module_for_data_files(data_files)
    except DataFilesNotFoundError:
        return {"error": "no-data-files"}
    except ValueError as error:
        if "Couldn't infer the same data file format" in str(error):
            return {"error": "mixed-formats"}
        raise
    data_files = data_files.filter(
        extensions=_MODULE_TO_EXTENSIONS[module] + _MODULE_TO_METADATA_EXTENSIONS[module],
        file_names=_MODULE_TO_METADATA_FILE_NAMES[module],
    )
    prefix = root + os.sep
    splits = [[str(split), [path[len(prefix) :] if path.startswith(prefix) else path for path in files]] for split, files in data_files.items()]
    return {"splits": splits, "builder": module, "options": options}


def main():
    print(json.dumps({"version": datasets.__version__}), flush=True)
    for line in sys.stdin:
        layout = json.loads(line)
        root = tempfile.mkdtemp(prefix="layout")
        try:
            for name in layout["files"]:
                path = os.path.join(root, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                open(path, "wb").close()
            answer = resolve(layout, root)
        finally:
            shutil.rmtree(root)
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
