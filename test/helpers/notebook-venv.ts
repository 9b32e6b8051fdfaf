import { fileURLToPath } from "node:url";
import { venvHas } from "./python-venv.js";

/** The interpreter of .venv-notebook/ (nbformat, nbclient, ipykernel, markdown-it-py), which .ci/run builds. */
export const notebookPython = fileURLToPath(new URL("../../.venv-notebook/bin/python", import.meta.url));

export const notebookCheck = fileURLToPath(new URL("../python/notebook_check.py", import.meta.url));

/** Whether .venv-notebook can validate and run notebooks (a visible notice when not; a failure under CI=true). */
export const notebookVenvReady = (): boolean =>
  venvHas(
    ["nbformat", "nbclient", "ipykernel", "markdown_it"],
    notebookPython,
    "bash scripts/python-venv.sh test/python/requirements-notebook.txt .venv-notebook",
  );
