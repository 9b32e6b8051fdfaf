"""Writes the data files of the tiny dataset repositories that the dataset snippets read from the local Hub:

    python tiny_datasets.py < SPEC.json

SPEC is {"files": [{"path": ABSOLUTE_PATH, "rows": [{column: value, ...}, ...]}, ...]}; each file is written in the
format its extension names, with pandas (and pyarrow for parquet): .parquet, .csv, .tsv (tab-separated), .jsonl (one
JSON object a line) or .json (one array of objects).
"""

import json
import sys
from pathlib import Path

import pandas as pd

WRITERS = {
    ".parquet": lambda frame, path: frame.to_parquet(path, index=False),
    ".csv": lambda frame, path: frame.to_csv(path, index=False),
    ".tsv": lambda frame, path: frame.to_csv(path, index=False, sep="\t"),
    ".jsonl": lambda frame, path: frame.to_json(path, orient="records", lines=True, force_ascii=False),
    ".json": lambda frame, path: frame.to_json(path, orient="records", force_ascii=False),
}

spec = json.load(sys.stdin)
for entry in spec["files"]:
    path = Path(entry["path"])
    path.parent.mkdir(parents=True, exist_ok=True)
    WRITERS[path.suffix](pd.DataFrame(entry["rows"]), path)
print(len(spec["files"]))
