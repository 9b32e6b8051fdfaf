"""What each of the installed transformers' quantizers checks is installed before it loads a checkpoint.

For every quant_method of transformers.quantizers.auto.AUTO_QUANTIZER_MAPPING, the `is_<name>_available()` calls of its
quantizer's `__init__` and `validate_environment` (its own or the nearest inherited), each with the import name that
transformers.utils.import_utils probes for it (`_is_package_available("<import name>")`); a check that probes no
package (is_torch_xpu_available, a device) maps to null. Prints one JSON document:
{"transformers": version, "methods": {quant_method: {"<is_x_available>": import name or null}}}.
"""

import ast
import inspect
import json
import re
import textwrap

import transformers
from transformers.quantizers import auto
from transformers.utils import import_utils


def probed_package(check):
    function = getattr(import_utils, check, None)
    if function is None:
        return None
    try:
        source = textwrap.dedent(inspect.getsource(inspect.unwrap(function)))
    except (OSError, TypeError):
        return None
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_is_package_available":
            if node.args and isinstance(node.args[0], ast.Constant):
                return node.args[0].value
    return None


def own_or_inherited(cls, name):
    for owner in cls.__mro__:
        if name in owner.__dict__:
            return owner.__dict__[name]
    return None


def checks_of(cls):
    found = {}
    for name in ("__init__", "validate_environment"):
        method = own_or_inherited(cls, name)
        if method is None or getattr(method, "__module__", "").startswith("builtins"):
            continue
        try:
            source = textwrap.dedent(inspect.getsource(method))
        except (OSError, TypeError):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call):
                called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if called and re.fullmatch(r"is_\w+_available", called) and called not in found:
                    found[called] = probed_package(called)
    return found


methods = {method: checks_of(cls) for method, cls in auto.AUTO_QUANTIZER_MAPPING.items()}
print(json.dumps({"transformers": transformers.__version__, "methods": methods}, indent=1, sort_keys=True))
