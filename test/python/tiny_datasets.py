"""Writes the data files of the tiny dataset repositories that the dataset snippets read from the local Hub:

    python tiny_datasets.py < SPEC.json

SPEC is {"files": [{"path": ABSOLUTE_PATH, "rows": [{column: value, ...}, ...]}, ...]}; each file is written in the
format its extension names, with pandas (and pyarrow for parquet): .parquet, .csv, .tsv (tab-separated), .jsonl (one
JSON object a line), .json (one array of objects, indented), .png or .wav (a tiny image or a moment of silence, one a row,
described by its folder's metadata.csv, as an image or audio folder is), .arrow (an Arrow stream, as save_to_disk writes) or .tar (a WebDataset shard: each row a sample keyed by its text,
with members <key>.txt, the text, and <key>.cls, the label), compressed by a
last suffix .gz, .zst, .bz2, .xz or .zip.
"""

import io
import json
import sys
import tarfile
from pathlib import Path

import pandas as pd
import pyarrow as pa

def write_shard(frame, path):
    with tarfile.open(path, "w") as shard:
        for row in frame.to_dict("records"):
            for extension, value in (("txt", row["text"]), ("cls", str(row["label"]))):
                data = value.encode("utf-8")
                member = tarfile.TarInfo(f"{row['text']}.{extension}")
                member.size = len(data)
                member.mtime = 1767225600
                shard.addfile(member, io.BytesIO(data))


MEDIA_ROWS = {}


def describe_media(frame, path):
    # One row a media file: the folder's metadata.csv gives each its text and label.
    for row in frame.to_dict("records"):
        MEDIA_ROWS.setdefault(path.parent, []).append({"file_name": path.name, **row})


def write_image(frame, path):
    # A 2x2 image.
    from PIL import Image

    Image.new("RGB", (2, 2), (200, 30, 30)).save(path)
    describe_media(frame, path)


def write_audio(frame, path):
    # A hundredth of a second of silence: 16 kHz, mono, 16-bit.
    import wave

    with wave.open(str(path), "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(2)
        writer.setframerate(16000)
        writer.writeframes(b"\0\0" * 160)
    describe_media(frame, path)


def write_arrow(frame, path):
    # An Arrow IPC stream, as Dataset.save_to_disk writes its data-NNNNN-of-NNNNN.arrow files.
    table = pa.Table.from_pandas(frame, preserve_index=False)
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)


WRITERS = {
    ".png": write_image,
    ".wav": write_audio,
    ".arrow": write_arrow,
    ".tar": write_shard,
    ".parquet": lambda frame, path: frame.to_parquet(path, index=False),
    ".csv": lambda frame, path: frame.to_csv(path, index=False),
    ".tsv": lambda frame, path: frame.to_csv(path, index=False, sep="\t"),
    ".jsonl": lambda frame, path: frame.to_json(path, orient="records", lines=True, force_ascii=False),
    # JSON arrays as people write them, over several lines (a one-line array also reads as JSON Lines).
    ".json": lambda frame, path: frame.to_json(path, orient="records", force_ascii=False, indent=2),
}
# Compressed files (train.jsonl.zst, train.csv.zip): the writer of the format under the suffix, which pandas compresses by.
COMPRESSIONS = {".gz", ".zst", ".bz2", ".xz", ".zip"}

spec = json.load(sys.stdin)
for entry in spec["files"]:
    path = Path(entry["path"])
    path.parent.mkdir(parents=True, exist_ok=True)
    suffix = Path(path.stem).suffix if path.suffix in COMPRESSIONS else path.suffix
    # train.lines.json: JSON Lines under a .json name, as many Hub datasets have them.
    if path.name.endswith(".lines.json"):
        suffix = ".jsonl"
    WRITERS[suffix](pd.DataFrame(entry["rows"]), path)
for folder, entries in MEDIA_ROWS.items():
    pd.DataFrame(entries).to_csv(folder / "metadata.csv", index=False)
print(len(spec["files"]))
