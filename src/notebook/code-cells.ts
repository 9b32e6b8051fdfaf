import type { Snippet } from "../code/snippet.js";
import { pythonString } from "../code/literals/python.js";
import { codeCell, markdownCell, type NotebookCell } from "./notebook.js";

/*
 * A snippet as notebook cells: a markdown cell saying what it does, its code cell (the snippet's code, exactly), and,
 * where the code makes something to look at, a cell that shows it. Python is the notebook's language. A shell
 * snippet (`hf download`, a library's command-line recipe) keeps its exact text under a `%%bash` cell magic, after
 * `set -e`: IPython raises when a `%%bash` cell ends with a failing status (since IPython 7.0, which Colab and Kaggle
 * have), and `set -e` ends it at the first failing command, so a failed download stops Run all at its own cell,
 * its error shown, where a `!` line's status is ignored and the next cell fails instead. bash reads the text as it
 * is: no IPython expansion of `$name` or `{expression}` in names from the record, no line joining.
 */

/** The code cell's source: Python as it is; shell as a `%%bash` cell that stops at the first failing command. */
export function notebookCode(snippet: Snippet): string {
  if (snippet.language !== "sh") return snippet.content;
  return `%%bash\nset -e\n${snippet.content}`;
}

const mediaKinds: Readonly<Record<string, "Image" | "Audio" | "Video">> = {
  png: "Image",
  jpg: "Image",
  jpeg: "Image",
  webp: "Image",
  gif: "Image",
  wav: "Audio",
  flac: "Audio",
  mp3: "Audio",
  ogg: "Audio",
  mp4: "Video",
  webm: "Video",
};

/**
 * The media files a snippet's code saves, by the literal names it saves them under: the file of a `.save(…)`,
 * `write(…)`, `export_to_video(…)` call or of an `open(…, "wb")` on the same line. Names the code reads (an input
 * image, a sample recording) are not passed to those, so they are not taken for results.
 */
function savedMedia(code: string): string[] {
  const found: string[] = [];
  for (const line of code.split("\n")) {
    if (!/(\.save|write|export_to_video|export_to_gif)\(|open\(.*"wb"/.test(line)) continue;
    for (const match of line.matchAll(/"([A-Za-z0-9_.-]+\.([A-Za-z0-9]+))"/g)) {
      const extension = match[2]!.toLowerCase();
      if (Object.hasOwn(mediaKinds, extension) && !found.includes(match[1]!)) found.push(match[1]!);
    }
  }
  return found;
}

/** A raw HTTP snippet names the file it saves from the answer's content type, in `output_file`. */
const savesToVariable = (code: string) => /^output_file = /m.test(code);

/** The cell that shows what the snippet made, or undefined when it makes nothing to show. */
export function resultCode(snippet: Snippet): string | undefined {
  if (snippet.language !== "python") return undefined;
  const code = snippet.content;
  const files = savedMedia(code);
  if (files.length > 0) {
    const kinds = [...new Set(files.map((file) => mediaKinds[file.split(".").pop()!.toLowerCase()]!))].sort();
    const shows = files.map((file) => {
      const kind = mediaKinds[file.split(".").pop()!.toLowerCase()]!;
      return kind === "Video" ? `display(Video(${pythonString(file)}, embed=True))` : `display(${kind}(filename=${pythonString(file)}))`;
    });
    return `from IPython.display import ${[...kinds, "display"].join(", ")}\n\n${shows.join("\n")}\n`;
  }
  if (savesToVariable(code)) {
    return [
      "from pathlib import Path",
      "",
      "from IPython.display import Audio, Image, Video, display",
      "",
      "# The file the cell above saved, shown by its kind.",
      "suffix = Path(output_file).suffix.lower()",
      'if suffix in (".png", ".jpg", ".jpeg", ".webp", ".gif"):',
      "    display(Image(filename=output_file))",
      'elif suffix in (".wav", ".flac", ".mp3", ".ogg"):',
      "    display(Audio(filename=output_file))",
      'elif suffix in (".mp4", ".webm"):',
      "    display(Video(output_file, embed=True))",
      "else:",
      '    print(f"saved {output_file}")',
      "",
    ].join("\n");
  }
  return undefined;
}

/** The cells of one snippet: what it does, its code, and what it made. */
export function snippetCells(id: string, about: string, snippet: Snippet): NotebookCell[] {
  const result = resultCode(snippet);
  return [markdownCell(`${id}-about`, about), codeCell(id, notebookCode(snippet)), ...(result === undefined ? [] : [codeCell(`${id}-result`, result)])];
}
