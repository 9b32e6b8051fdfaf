#!/usr/bin/env bash
# Makes a git-ignored Python virtual environment from a requirements file, once; rebuilt only when the file changes.
#   bash scripts/python-venv.sh                     .venv/ from test/python/requirements.txt: the SDKs the Python
#                                                   SDK snippets run on (npm test makes it)
#   bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries
#                                                   the model libraries whose loading snippets run on tiny
#                                                   models (.ci/run makes it: ~3 GB, two to three minutes)
#   bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets
#                                                   the dataset libraries whose snippets read tiny datasets
#                                                   from the local Hub (.ci/run makes it: ~650 MB, ~30 s)
#   bash scripts/python-venv.sh test/python/requirements-notebook.txt .venv-notebook
#                                                   nbformat, nbclient and ipykernel, which validate and run the
#                                                   notebooks of --notebook (.ci/run makes it: ~130 MB, ~30 s)
# Outside CI a failure is a notice (those tests then skip); under CI=true it fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
requirements=${1:-test/python/requirements.txt}
venv=${2:-.venv}
stamp=$venv/installed-requirements.txt

if cmp -s "$requirements" "$stamp" 2>/dev/null; then exit 0; fi

fail() {
  echo "NOTICE: could not build $venv ($1); the snippets that need it will not be executed" >&2
  [ "${CI:-}" = true ] && exit 1
  exit 0
}

# The machine's local package index, where it has one: PyPI itself is unreachable here, and pip would retry it for minutes.
if [ -z "${PIP_INDEX_URL:-}" ] && [ -d /opt/pypi/simple ]; then export PIP_INDEX_URL=file:///opt/pypi/simple; fi

echo "building $venv from $requirements" >&2
rm -rf "$venv"
python3 -m venv "$venv" || fail "python3 -m venv failed"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$requirements" 2>&1 \
  | grep -v "^WARNING: Location .* is ignored" >&2
[ "${PIPESTATUS[0]}" = 0 ] || fail "pip install failed"
cp "$requirements" "$stamp"
# The versions of the main packages, where the venv has any (grep finds none in some: not a failure).
"$venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | grep -iE '^(huggingface.hub|openai|torch|transformers|gguf|datasets|polars|duckdb) ' >&2 || true
