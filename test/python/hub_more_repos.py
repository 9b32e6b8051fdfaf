"""Makes the Hub repository folders that the bm25s, keras and spaCy loading snippets download, each with the library
itself, tiny and random (or trained on one sentence):

    python hub_more_repos.py OUT_DIR

writes OUT_DIR/bm25s (a BM25 index of five sentences, with its corpus), OUT_DIR/keras (a two-layer model saved as
a folder, the layout `load_model("hf://...")` reads) and OUT_DIR/spacy (an English NER pipeline packaged by
`spacy package --build wheel` as en_core_web_sm, under the file name the Hub's spaCy repositories use), then prints
the files of each folder as JSON.
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CORPUS = [
    "Paris is the capital of France.",
    "Berlin is the capital of Germany.",
    "The cat sat on the mat.",
    "Rome is a city in Italy.",
    "France is a country in Europe.",
]
SENTENCE = "My name is Sarah and I live in London"
ENTITIES = [(11, 16, "PERSON"), (31, 37, "GPE")]
# The Hub's spaCy repositories keep the wheel under a version-less name (the snippet installs this file).
SPACY_WHEEL = "en_core_web_sm-any-py3-none-any.whl"


def bm25s_index(out: Path) -> None:
    import bm25s
    from bm25s.hf import BM25HF

    retriever = BM25HF()
    retriever.index(bm25s.tokenize(CORPUS, show_progress=False), show_progress=False)
    # BM25HF.load_from_hub loads a snapshot of the repository with BM25.load(load_corpus=True): these files.
    retriever.save(str(out), corpus=CORPUS, show_progress=False)


def keras_model(out: Path) -> None:
    import keras

    keras.utils.set_random_seed(0)
    model = keras.Sequential(
        [
            keras.Input((28, 28, 1)),
            keras.layers.Flatten(),
            keras.layers.Dense(4, activation="relu"),
            keras.layers.Dense(10, activation="softmax"),
        ],
        name="mnist_example",
    )
    # The folder that saving to hf:// uploads and loading from hf:// reads: config.json, metadata.json, weights.
    model.save(str(out), zipped=False)


def spacy_pipeline(work: Path) -> Path:
    import spacy
    from spacy.training import Example

    spacy.util.fix_random_seed(0)
    nlp = spacy.blank("en")
    ner = nlp.add_pipe("ner")
    for _, _, label in ENTITIES:
        ner.add_label(label)
    examples = [Example.from_dict(nlp.make_doc(SENTENCE), {"entities": ENTITIES})]
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(30):
        nlp.update(examples, sgd=optimizer, drop=0.0)
    found = [(entity.start_char, entity.end_char, entity.label_) for entity in nlp(SENTENCE).ents]
    if found != ENTITIES:
        raise SystemExit(f"the tiny NER pipeline did not learn its sentence: {found}")
    pipeline = work / "pipeline"
    nlp.to_disk(pipeline)
    return pipeline


def spacy_wheel(out: Path, work: Path) -> None:
    pipeline = spacy_pipeline(work)
    packages = work / "packages"
    packages.mkdir()
    command = [sys.executable, "-m", "spacy", "package", str(pipeline), str(packages)]
    command += ["--name", "core_web_sm", "--version", "3.8.0", "--build", "wheel"]
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        raise SystemExit(f"spacy package failed:\n{built.stdout[-3000:]}\n{built.stderr[-3000:]}")
    wheels = list(packages.glob("en_core_web_sm-3.8.0/dist/en_core_web_sm-3.8.0-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"spacy package made no en_core_web_sm wheel: {sorted(map(str, packages.rglob('*.whl')))}")
    out.mkdir()
    shutil.copyfile(wheels[0], out / SPACY_WHEEL)
    shutil.copyfile(pipeline / "meta.json", out / "meta.json")


def files_of(folder: Path) -> list[str]:
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    bm25s_index(out / "bm25s")
    keras_model(out / "keras")
    with tempfile.TemporaryDirectory() as work:
        spacy_wheel(out / "spacy", Path(work))
    listing = {name: files_of(out / name) for name in ("bm25s", "keras", "spacy")}
    print(json.dumps(listing))


if __name__ == "__main__":
    main()
