/*
 * A Jupyter notebook as nbformat 4.5 defines it (https://nbformat.readthedocs.io, nbformat.v4.nbformat.v4.5.schema.json):
 * cells with ids, code cells with no outputs and no execution count, and the metadata Jupyter, Colab and Kaggle
 * read. Sources are lists of lines, each but the last ending in a line break, as Jupyter itself writes them.
 */

export interface MarkdownCell {
  cell_type: "markdown";
  id: string;
  metadata: Record<string, unknown>;
  source: string[];
}

export interface CodeCell {
  cell_type: "code";
  id: string;
  metadata: Record<string, unknown>;
  source: string[];
  outputs: [];
  execution_count: null;
}

export type NotebookCell = MarkdownCell | CodeCell;

/** Colab's runtime request: a GPU of this type (`accelerator: "GPU"` beside it), or none for a CPU runtime. */
export interface ColabMetadata {
  provenance: [];
  gpuType?: "T4" | "L4" | "A100";
}

/** Kaggle's session settings: the accelerator (`none` for a CPU session), and internet on, which the Hub's downloads need. */
export interface KaggleMetadata {
  accelerator: "none" | "nvidiaTeslaT4";
  isGpuEnabled: boolean;
  isInternetEnabled: true;
  language: "python";
  sourceType: "notebook";
}

export interface NotebookMetadata {
  kernelspec: { display_name: "Python 3"; language: "python"; name: "python3" };
  language_info: {
    name: "python";
    codemirror_mode: { name: "ipython"; version: 3 };
    file_extension: ".py";
    mimetype: "text/x-python";
    nbconvert_exporter: "python";
    pygments_lexer: "ipython3";
  };
  /** Colab's top-level accelerator key, set when its runtime should have a GPU. */
  accelerator?: "GPU";
  colab: ColabMetadata;
  kaggle: KaggleMetadata;
}

export interface Notebook {
  nbformat: 4;
  nbformat_minor: 5;
  metadata: NotebookMetadata;
  cells: NotebookCell[];
}

/** A text as a cell's source: its lines, each but the last keeping its line break; no trailing empty line. */
function sourceLines(text: string): string[] {
  const trimmed = text.replace(/\n+$/, "");
  if (trimmed === "") return [];
  const lines = trimmed.split("\n");
  return lines.map((line, index) => (index < lines.length - 1 ? `${line}\n` : line));
}

/** Cell ids must match ^[a-zA-Z0-9-_]+$ and be 1 to 64 characters long. */
const cellId = (id: string) => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`not a notebook cell id: ${id}`);
  return id;
};

export function markdownCell(id: string, text: string): MarkdownCell {
  return { cell_type: "markdown", id: cellId(id), metadata: {}, source: sourceLines(text) };
}

export function codeCell(id: string, code: string): CodeCell {
  return { cell_type: "code", id: cellId(id), metadata: {}, source: sourceLines(code), outputs: [], execution_count: null };
}

/** The text of a cell, as Jupyter joins its source. */
export const cellText = (cell: NotebookCell): string => cell.source.join("");

export function notebookOf(cells: NotebookCell[], runtime: { colab: ColabMetadata; kaggle: KaggleMetadata; gpu: boolean }): Notebook {
  const ids = new Set(cells.map((cell) => cell.id));
  if (ids.size !== cells.length) throw new Error("notebook cell ids must be unique");
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { display_name: "Python 3", language: "python", name: "python3" },
      language_info: {
        name: "python",
        codemirror_mode: { name: "ipython", version: 3 },
        file_extension: ".py",
        mimetype: "text/x-python",
        nbconvert_exporter: "python",
        pygments_lexer: "ipython3",
      },
      ...(runtime.gpu ? { accelerator: "GPU" as const } : {}),
      colab: runtime.colab,
      kaggle: runtime.kaggle,
    },
    cells,
  };
}

/** The notebook as a .ipynb file holds it: JSON with one-space indents, as Jupyter writes it, and a final line break. */
export function notebookJson(notebook: Notebook): string {
  return `${JSON.stringify(notebook, null, 1)}\n`;
}
