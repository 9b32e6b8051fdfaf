"""Check a loading snippet's calls against a package's own source, without importing the package.

Usage: check_signatures.py --wheel WHEEL --root MODULE --snippet SNIPPET.py [--call "pkg.mod.Class.method(a, b=1)" ...]

The wheel (from `pip download --no-deps`) is read as a zip and its modules are parsed with `ast`. Every call the
snippet makes on a name that starts at the import of MODULE (for example `timm.create_model(...)` after
`import timm`) is resolved to the `def` that runs, following the package's re-exports (`from .models import
create_model`, `from .factory import *`); a --call adds a call the snippet makes on an object it got back (a method
of a class). Each call must exist, take as many positional arguments as it is given, and name every keyword
argument it is passed as a parameter of its own: a keyword that only `**kwargs` would swallow is reported, since it
would reach some other function unchecked. A submodule reached as an attribute (`timm.data` after `import timm`)
must be imported when the package is. Prints one line per call; exits 1 when any call does not match.
"""

from __future__ import annotations

import argparse
import ast
import sys
import re
import zipfile
from collections import deque
from dataclasses import dataclass


FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.MULTILINE)
IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w., \t]+)", re.MULTILINE)


@dataclass
class Call:
    path: str  # dotted name, e.g. timm.create_model
    positional: int
    keywords: list[str]
    starred: bool  # *args or **kwargs at the call site: counts cannot be checked
    line: int


class Package:
    """The Python modules of a wheel, by dotted module name."""

    def __init__(self, wheel: str, root: str) -> None:
        self.root = root
        self.sources: dict[str, str] = {}
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if not name.endswith(".py") or not name.startswith(f"{root}/"):
                    continue
                module = name[: -len(".py")].replace("/", ".")
                is_package = module.endswith(".__init__")
                if is_package:
                    module = module[: -len(".__init__")]
                self.sources[module] = archive.read(name).decode("utf-8")
                if is_package:
                    self.sources.setdefault(f"{module}.__init__", "")  # marks a package
        self._trees: dict[str, ast.Module] = {}

    def is_package(self, module: str) -> bool:
        return f"{module}.__init__" in self.sources

    def tree(self, module: str) -> ast.Module | None:
        if module not in self.sources:
            return None
        if module not in self._trees:
            self._trees[module] = ast.parse(self.sources[module])
        return self._trees[module]

    def absolute(self, module: str, node: ast.ImportFrom) -> str:
        """The dotted module an ImportFrom in `module` names."""
        if node.level == 0:
            return node.module or ""
        base = module.split(".") if self.is_package(module) else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def imports_of(self, module: str) -> list[str]:
        """The modules (and possible submodules) `module` imports, read from its import statements' text: parsing
        every module of a large package with ast would take seconds."""
        base = module.split(".") if self.is_package(module) else module.split(".")[:-1]
        found: list[str] = []
        for match in FROM_IMPORT.finditer(self.sources.get(module, "")):
            dots, name, names = match.group(1), match.group(2), match.group(3)
            parent = base[: len(base) - (len(dots) - 1)] if dots else []
            target = ".".join(parent + ([name] if name else []))
            found.append(target)
            found.extend(
                f"{target}.{item.split()[0]}" for item in re.split(r"[,()\s]+as\s+\w+|[,()]", names) if item.strip()
            )
        for match in IMPORT.finditer(self.sources.get(module, "")):
            found.extend(item.split()[0] for item in match.group(1).split(",") if item.strip())
        return found

    def loaded_by_root(self, target: str) -> bool:
        """Whether `import ROOT` loads `target`: reached from ROOT/__init__.py through imports (breadth first)."""
        seen: set[str] = set()
        todo = deque([self.root])
        while todo:
            module = todo.popleft()
            if module == target:
                return True
            if module in seen or module not in self.sources:
                continue
            seen.add(module)
            # A module's parent packages are imported before it.
            parts = module.split(".")
            todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
            todo.extend(self.imports_of(module))
        return False

    def find(self, module: str, name: str, depth: int = 0) -> tuple[str, ast.AST] | None:
        """The definition (def or class) that `module.name` is, following re-exports."""
        tree = self.tree(module)
        if tree is None or depth > 20:
            return None
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
                return module, node
        if self.is_package(module) and f"{module}.{name}" in self.sources:
            return f"{module}.{name}", ast.Module(body=[], type_ignores=[])  # a submodule
        # Names imported explicitly first, then star imports (which may need many modules parsed).
        imports = [node for node in tree.body if isinstance(node, ast.ImportFrom)]
        for node in imports:
            for alias in node.names:
                if alias.name != "*" and (alias.asname or alias.name) == name:
                    found = self.find(self.absolute(module, node), alias.name, depth + 1)
                    if found is not None:
                        return found
        for node in imports:
            if any(alias.name == "*" for alias in node.names):
                found = self.find(self.absolute(module, node), name, depth + 1)
                if found is not None:
                    return found
        return None


def call_of(node: ast.Call, aliases: dict[str, str]) -> Call | None:
    """The call with its dotted name, when the called expression is a chain of attributes on an imported name."""
    parts: list[str] = []
    target: ast.expr = node.func
    while isinstance(target, ast.Attribute):
        parts.insert(0, target.attr)
        target = target.value
    if not isinstance(target, ast.Name) or target.id not in aliases:
        return None
    return Call(
        path=".".join([aliases[target.id], *parts]),
        positional=sum(1 for arg in node.args if not isinstance(arg, ast.Starred)),
        keywords=[keyword.arg for keyword in node.keywords if keyword.arg is not None],
        starred=any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords),
        line=node.lineno,
    )


def snippet_calls(source: str, root: str) -> list[Call]:
    """The snippet's calls on names imported from the package."""
    tree = ast.parse(source)
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == root:
                    aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else root
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == root:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return [call for node in ast.walk(tree) if isinstance(node, ast.Call) for call in [call_of(node, aliases)] if call]


def parameters(
    function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool
) -> tuple[list[str], list[str], bool, bool]:
    """Positional parameter names, keyword-capable names, and whether *args / **kwargs are accepted."""
    arguments = function.args
    positional = [arg.arg for arg in [*arguments.posonlyargs, *arguments.args]]
    named = [arg.arg for arg in [*arguments.args, *arguments.kwonlyargs]]
    if method and positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
        named = [name for name in named if name not in ("self", "cls")]
    return positional, named, arguments.vararg is not None, arguments.kwarg is not None


def check(package: Package, call: Call) -> tuple[bool, str]:
    parts = call.path.split(".")
    # The longest module prefix of the dotted name; the rest is a name in it, then class attributes.
    index = max(i for i in range(1, len(parts) + 1) if package.tree(".".join(parts[:i])) is not None or i == 1)
    module = ".".join(parts[:index])
    if package.tree(module) is None:
        return False, f"no module {module} in the package"
    # Submodules reached as attributes of `import ROOT` must be loaded by that import.
    for i in range(2, index + 1):
        submodule = ".".join(parts[:i])
        if not package.loaded_by_root(submodule):
            return False, f"{submodule} is not imported by `import {package.root}`"
    rest = parts[index:]
    if not rest:
        return False, f"{call.path} is a module, not a callable"
    found = package.find(module, rest[0])
    if found is None:
        return False, f"{rest[0]} is not defined in {module} (nor re-exported there)"
    where, node = found
    owner = ""
    method = False
    for attribute in rest[1:]:
        if not isinstance(node, ast.ClassDef):
            return False, f"{where}: cannot look up {attribute} on a non-class"
        member = next(
            (
                item
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == attribute
            ),
            None,
        )
        if member is None:
            return False, f"{where}: class {node.name} has no method {attribute}"
        owner, node, method = f"{node.name}.", member, True
    if isinstance(node, ast.ClassDef):
        init = next((item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
        if init is None:
            return True, f"{where}.{node.name} (class without its own __init__: arguments not checked)"
        owner, node, method = f"{node.name}.", init, True
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False, f"{call.path} is not a function"
    positional, named, varargs, _ = parameters(node, method)
    signature = f"{where}.{owner}{node.name}({', '.join(named)})"
    problems = []
    if not call.starred and call.positional > len(positional) and not varargs:
        problems.append(f"{call.positional} positional arguments, it takes {len(positional)}")
    passed_positionally = set(positional[: call.positional])
    for keyword in call.keywords:
        if keyword not in named:
            problems.append(f"no parameter named {keyword}")
        elif keyword in passed_positionally:
            problems.append(f"{keyword} given both positionally and by name")
    return not problems, f"{signature}" + (f": {'; '.join(problems)}" if problems else "")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--wheel", required=True)
    parser.add_argument("--root", required=True, help="the import name, e.g. timm or open_clip")
    parser.add_argument("--snippet", required=True)
    parser.add_argument(
        "--call", action="append", default=[], help="a call on a returned object, as pkg.mod.Class.method(args)"
    )
    options = parser.parse_args()

    package = Package(options.wheel, options.root)
    if not package.sources:
        print(f"{options.wheel} holds no module of {options.root}")
        return 1
    with open(options.snippet, encoding="utf-8") as file:
        calls = snippet_calls(file.read(), options.root)
    for extra in options.call:
        expression = ast.parse(extra, mode="eval").body
        if not isinstance(expression, ast.Call):
            print(f"--call {extra!r} is not a call")
            return 1
        call = call_of(expression, {options.root: options.root})
        if call is None:
            print(f"--call {extra!r} does not start at {options.root}")
            return 1
        calls.append(call)
    if not calls:
        print(f"the snippet makes no call on {options.root}")
        return 1

    failures = 0
    for call in calls:
        ok, detail = check(package, call)
        failures += not ok
        arguments = ", ".join([*(["_"] * call.positional), *call.keywords])
        print(f"{'ok  ' if ok else 'FAIL'} {call.path}({arguments}) -> {detail}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
