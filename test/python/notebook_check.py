"""Validates notebooks with the real nbformat and renders their markdown cells with markdown-it-py (CommonMark).

Usage: python notebook_check.py <notebook.ipynb>...  Prints one JSON object: for each path, the validation error
(null when valid) and each markdown cell's id, rendered HTML and visible text (the HTML's text, entities decoded).
"""

import json
import sys
from html.parser import HTMLParser

import nbformat
from markdown_it import MarkdownIt


class TextAndTags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text = []
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append([tag, dict(attrs)])

    def handle_data(self, data):
        self.text.append(data)


renderer = MarkdownIt("commonmark")
report = {}
for path in sys.argv[1:]:
    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    try:
        nbformat.validate(notebook)
        error = None
    except nbformat.ValidationError as failure:
        error = str(failure)[:2000]
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        html = renderer.render(cell.source)
        parser = TextAndTags()
        parser.feed(html)
        cells.append({"id": cell.get("id"), "html": html, "text": "".join(parser.text), "tags": parser.tags})
    report[path] = {"error": error, "nbformat": [notebook.nbformat, notebook.nbformat_minor], "markdown": cells}
json.dump(report, sys.stdout)
