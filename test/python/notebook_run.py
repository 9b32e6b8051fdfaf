"""Executes a notebook with the real nbclient on an ipykernel kernel run by another interpreter.

Usage: python notebook_run.py <notebook.ipynb> <kernel-python> <working-folder> <executed.ipynb>
The kernel is `<kernel-python> -m ipykernel_launcher`, declared in a kernelspec of a temporary JUPYTER_PATH; it
inherits this process's environment, less the variables HUB_SNIPPETS_UNSET names (comma-separated: a token a test
must not see, whatever the environment the suite runs in). Cells run top to bottom as Run all runs them; the first error stops the run
(nbclient's CellExecutionError). Writes the executed notebook, and prints one JSON object: the error (or null), and
for each code cell its id, the text it printed and the MIME types it displayed.
"""

import atexit
import json
import os
import shutil
import sys
import tempfile

import nbclient
import nbformat

notebook_path, kernel_python, folder, executed_path = sys.argv[1:5]
for name in filter(None, os.environ.pop("HUB_SNIPPETS_UNSET", "").split(",")):
    os.environ.pop(name, None)
spec_root = tempfile.mkdtemp(prefix="hub-snippets-kernelspec-")
# Removed at exit: one folder a notebook run, hundreds a suite.
atexit.register(shutil.rmtree, spec_root, ignore_errors=True)
os.makedirs(os.path.join(spec_root, "kernels", "hub-snippets-test"))
with open(os.path.join(spec_root, "kernels", "hub-snippets-test", "kernel.json"), "w") as spec:
    json.dump({"argv": [kernel_python, "-m", "ipykernel_launcher", "-f", "{connection_file}"], "display_name": "test", "language": "python"}, spec)
os.environ["JUPYTER_PATH"] = spec_root



def run_once():
    """One Run all on a new kernel: the notebook as executed, and the failure that stopped it (or None)."""
    notebook = nbformat.read(notebook_path, as_version=4)
    # A kernel that starts slowly on a busy machine is waited for (nbclient gives it 60 s by default).
    client = nbclient.NotebookClient(
        notebook, kernel_name="hub-snippets-test", timeout=600, startup_timeout=int(os.environ.get("HUB_SNIPPETS_KERNEL_STARTUP", "150")), resources={"metadata": {"path": folder}}
    )
    try:
        client.execute()
    except Exception as failure:  # CellExecutionError, a timeout, a dead kernel: reported, not raised
        return notebook, failure
    return notebook, None


# A kernel that never answered its first request (on a loaded machine, once in some hundred starts) ran no cell:
# the run starts again on a new kernel, at most three times. A cell that ran is never run twice.
for attempt in range(3):
    notebook, failure = run_once()
    started = any(cell.get("execution_count") is not None for cell in notebook.cells if cell.cell_type == "code")
    unanswered = failure is not None and ("didn't respond" in str(failure) or "died before replying" in str(failure))
    if started or not unanswered or attempt == 2:
        break
    print(f"notebook_run: the kernel did not start ({failure}); starting a new one", file=sys.stderr)
error = None if failure is None else f"{type(failure).__name__}: {failure}"[-4000:]
nbformat.write(notebook, executed_path)
cells = []
for cell in notebook.cells:
    if cell.cell_type != "code":
        continue
    text = "".join(output.get("text", "") for output in cell.outputs if output.output_type == "stream")
    shown = [mime for output in cell.outputs if output.output_type in ("display_data", "execute_result") for mime in output.get("data", {})]
    cells.append({"id": cell.id, "ran": cell.execution_count is not None, "text": text[-4000:], "shown": shown})
json.dump({"error": error, "cells": cells}, sys.stdout)
