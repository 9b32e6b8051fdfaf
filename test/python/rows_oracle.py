"""The rows the installed 🤗 Datasets loads for small real repositories, beside the rows each reader's printed code returns.

Reads one JSON layout a line on stdin:
  {"files": {path: {"text": str, "encoding": str?, "gzip": bool?, "zstd": bool?} | {"parquet": [row, …]}},
   "configs": [card config, …], "id": "<owner>/<name>",
   "cases": [{"config": name, "split": name, "codes": {client: python code}}]}
writes its files and README.md (the card's YAML) in a fresh folder, and for each case writes one JSON answer:
  {"datasets": table | {"error": …}, "own": table | {"error": …} | null, "readers": {client: table | {"error": …}}}
where a table is {"columns": [...], "rows": [[...], …]} with values made comparable (numpy scalars as Python ones,
NaN as null, integral floats as ints). "datasets" is load_dataset(<folder>, config, split=split); "own" is the
config read on its own, with the builder its own files choose and the card's options for it (load_dataset(<module>,
data_files=…, **options)), when load_dataset by the folder fails. Each reader's code runs as printed, on the local
copy: its hf://datasets/<id>/ paths (and the Hub file system's datasets/<id>/ ones) are the folder's, and
huggingface_hub's HfFileSystem is the local file system. The first line is {"version": datasets.__version__}.
Used by test/dataset/rows-differential.test.ts.
"""

import contextlib
import gzip
import io
import json
import math
import os
import shutil
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_DISABLE_PROGRESS_BARS", "1")

import datasets  # noqa: E402
import fsspec  # noqa: E402
import huggingface_hub  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
import yaml  # noqa: E402
from datasets.data_files import DataFilesDict, get_data_patterns, sanitize_patterns  # noqa: E402
from datasets.load import import_main_class, infer_module_for_data_files  # noqa: E402
from datasets.packaged_modules import (  # noqa: E402
    _ALL_ALLOWED_EXTENSIONS,
    _MODULE_TO_EXTENSIONS,
    _MODULE_TO_METADATA_EXTENSIONS,
    _MODULE_TO_METADATA_FILE_NAMES,
    _PACKAGED_DATASETS_MODULES,
)

datasets.logging.set_verbosity_error()
datasets.disable_progress_bars()
# The readers' code names huggingface_hub's file system: here, the local one.
huggingface_hub.HfFileSystem = lambda *args, **kwargs: fsspec.filesystem("file")


def value(item):
    if item is None:
        return None
    if hasattr(item, "item") and not isinstance(item, (list, dict, str, bytes)):
        try:
            item = item.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(item, bool):
        return item
    if isinstance(item, float):
        if math.isnan(item):
            return None
        return int(item) if item.is_integer() else round(item, 9)
    if isinstance(item, int):
        return item
    if isinstance(item, (list, tuple)) or type(item).__name__ == "ndarray":
        return [value(part) for part in item]
    if isinstance(item, dict):
        return {str(key): value(part) for key, part in item.items()}
    return str(item)


def table_of(result):
    kind = type(result).__module__.split(".")[0]
    if kind == "datasets":
        return {"columns": list(result.column_names), "rows": [[value(row[name]) for name in result.column_names] for row in result]}
    if kind == "dask":
        result = result.compute()
        kind = "pandas"
    if kind == "pandas":
        return {"columns": [str(name) for name in result.columns], "rows": [[value(cell) for cell in row] for row in result.astype(object).values.tolist()]}
    if kind == "polars":
        return {"columns": list(result.columns), "rows": [[value(cell) for cell in row] for row in result.rows()]}
    if kind == "duckdb" or hasattr(result, "fetchall"):
        return {"columns": list(result.columns), "rows": [[value(cell) for cell in row] for row in result.fetchall()]}
    raise TypeError(f"no table in {type(result)}")


def error_of(exception):
    return {"error": f"{type(exception).__name__}: {str(exception).splitlines()[0] if str(exception) else ''}"[:300]}


def write_files(root, layout):
    for path, spec in layout["files"].items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if "parquet" in spec:
            pq.write_table(pa.Table.from_pylist(spec["parquet"]), full)
            continue
        data = spec["text"].encode(spec.get("encoding") or "utf-8")
        if spec.get("zstd"):
            import zstandard

            data = zstandard.ZstdCompressor().compress(data)
        with open(full, "wb") as file:
            file.write(gzip.compress(data, mtime=0) if spec.get("gzip") else data)
    card = yaml.safe_dump({"configs": layout["configs"]}, allow_unicode=True, sort_keys=False)
    with open(os.path.join(root, "README.md"), "w", encoding="utf-8") as file:
        file.write(f"---\n{card}---\n")


def config_of(layout, name):
    return next(config for config in layout["configs"] if config.get("config_name") == name)


def own_rows(root, config, split):
    """The config read alone: its own files' builder, with the card's options for it, as load.py would make it."""
    data_dir = config.get("data_dir")
    base = os.path.join(root, data_dir) if data_dir else root
    patterns = sanitize_patterns(config["data_files"]) if config.get("data_files") is not None else get_data_patterns(base)
    files = DataFilesDict.from_patterns(patterns, base_path=base, allowed_extensions=_ALL_ALLOWED_EXTENSIONS)
    module, implied = infer_module_for_data_files(files)
    files = files.filter(
        extensions=_MODULE_TO_EXTENSIONS[module] + _MODULE_TO_METADATA_EXTENSIONS[module],
        file_names=_MODULE_TO_METADATA_FILE_NAMES[module],
    )
    config_class = import_main_class(_PACKAGED_DATASETS_MODULES[module][0]).BUILDER_CONFIG_CLASS
    options = {**implied, **{key: item for key, item in config.items() if hasattr(config_class, key) and key not in ("default", "data_files", "data_dir", "name")}}
    return datasets.load_dataset(module, data_files={str(key): list(found) for key, found in files.items()}, split=split, **options)


def run_code(code, namespace):
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<snippet>", "exec"), namespace)


def local_code(code, layout, root):
    prefix = f"datasets/{layout['id']}/"
    local = root + "/"
    code = code.replace(f"hf://{prefix}", local).replace('f"hf://{', 'f"{').replace(prefix, local)
    # 🤗 Datasets' code names the repository by its id: here, the folder.
    return code.replace(json.dumps(layout["id"]), json.dumps(root))


def answer(layout, root, case):
    config = case["config"]
    try:
        truth = table_of(datasets.load_dataset(root, config, split=case["split"]))
    except Exception as exception:  # noqa: BLE001 - any failure is an answer
        truth = error_of(exception)
    own = None
    if "error" in truth or case.get("own"):
        try:
            own = table_of(own_rows(root, config_of(layout, config), case["split"]))
        except Exception as exception:  # noqa: BLE001
            own = error_of(exception)
    readers = {}
    for client, code in case["codes"].items():
        namespace = {"__name__": "__snippet__"}
        try:
            run_code(local_code(code, layout, root), namespace)
            result = namespace.get("ds") if client == "datasets" else namespace.get("rel") if client == "duckdb" else namespace.get("df")
            readers[client] = table_of(result)
        except Exception as exception:  # noqa: BLE001
            readers[client] = error_of(exception)
    return {"datasets": truth, "own": own, "readers": readers}


def main():
    print(json.dumps({"version": datasets.__version__}), flush=True)
    cache = tempfile.mkdtemp(prefix="rows-cache")
    datasets.config.HF_DATASETS_CACHE = cache
    try:
        for line in sys.stdin:
            layout = json.loads(line)
            root = tempfile.mkdtemp(prefix="rows")
            try:
                write_files(root, layout)
                answers = [answer(layout, root, case) for case in layout["cases"]]
            finally:
                shutil.rmtree(root)
            print(json.dumps({"cases": answers}), flush=True)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
