"""Reads snippets and answers which modules each imports, and what this interpreter knows of module names.

Usage: python snippet_imports.py < snippets.json, a list of {"name": ..., "code": ...}.
Prints one JSON object: "imports" ({name: [top-level module, ...]}, every `import a.b` and `from a.b import c` of
the code at any depth, relative imports left out), "stdlib" (sys.stdlib_module_names) and "distributions"
(importlib.metadata.packages_distributions(): top-level module -> the installed distributions that provide it).
"""

import ast
import importlib.metadata
import json
import sys


def imported_modules(code):
    modules = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            modules.extend(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.append(node.module.split(".")[0])
    return sorted(set(modules))


def main():
    snippets = json.load(sys.stdin)
    print(
        json.dumps(
            {
                "imports": {snippet["name"]: imported_modules(snippet["code"]) for snippet in snippets},
                "stdlib": sorted(sys.stdlib_module_names),
                "distributions": importlib.metadata.packages_distributions(),
            }
        )
    )


if __name__ == "__main__":
    main()
