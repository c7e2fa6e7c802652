"""Annotations that ``typing.get_type_hints`` can resolve, at no cost to ``import hasen``.

The package writes its annotations as strings (``from __future__ import annotations``) and
imports many of the types they name only for type checkers (under ``if TYPE_CHECKING:``), so
that a command loads only the modules it runs. ``typing.get_type_hints`` evaluates the
strings in the function's module, where those names are missing. ``resolve`` fills them in
for one function: it reads the module's ``TYPE_CHECKING`` block (its imports and its type
aliases), imports just the names the annotations use, and puts the resolved annotations in
place. The package calls it when a public name is first taken from ``hasen``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from importlib import import_module
from types import FunctionType
from typing import Any

# ast, inspect, re and typing are imported where they are used: import hasen stays as quick


@cache
def checking_block(module_name: str) -> tuple[dict[str, tuple[str, str | None]], dict[str, str]]:
    """What a module defines only for type checkers: each imported name's (module,
    attribute), and each type alias's expression."""
    import ast
    import inspect
    from importlib.util import resolve_name

    module = sys.modules.get(module_name)
    try:
        tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    except (OSError, TypeError, SyntaxError):
        return {}, {}
    imports: dict[str, tuple[str, str | None]] = {}
    aliases: dict[str, str] = {}
    for node in tree.body:
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
            continue
        for child in node.body:
            if isinstance(child, ast.ImportFrom):
                home = child.module or ""
                if child.level:
                    home = resolve_name("." * child.level + home, getattr(module, "__package__", None) or "")
                for alias in child.names:
                    imports[alias.asname or alias.name] = (home, alias.name)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    imports[alias.asname or alias.name.partition(".")[0]] = (alias.name, None)
            elif isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.targets[0], ast.Name):
                aliases[child.targets[0].id] = ast.unparse(child.value)
    return imports, aliases


def _names(texts: list[str]) -> set[str]:
    """The identifiers of annotations as written."""
    import re

    return {name for text in texts for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)}


def resolve(function: Callable[..., Any], module_name: str | None = None) -> None:
    """Put the function's annotations in place as the objects they name, read in the module
    ``module_name`` (default: the function's own; a class's for a method it generated, such
    as a named tuple's ``__new__``); left as written where a name cannot be found (an
    optional package not installed). A call that keeps an older form (``functools.wraps``)
    is resolved in the module of the function it wraps, and both are given the result."""
    import typing

    wrapper = function
    while hasattr(function, "__wrapped__"):
        function = function.__wrapped__
    annotations = getattr(function, "__annotations__", None) or {}
    texts = [
        a if isinstance(a, str) else a.__forward_arg__
        for a in annotations.values()
        if isinstance(a, (str, typing.ForwardRef))
    ]
    if not texts or not hasattr(function, "__globals__"):
        return
    module_name = module_name or function.__module__
    imports, aliases = checking_block(module_name)
    module = sys.modules.get(module_name)
    namespace = dict(vars(module)) if module is not None else {}
    namespace.update((k, v) for k, v in function.__globals__.items() if k != "__builtins__")
    wanted = _names(texts)
    wanted |= _names([aliases[name] for name in wanted if name in aliases])
    for name in sorted(wanted - namespace.keys()):
        if name not in imports:
            continue
        home, attribute = imports[name]
        try:
            namespace[name] = import_module(home) if attribute is None else getattr(import_module(home), attribute)
        except (ImportError, AttributeError):
            continue
    for name, expression in aliases.items():
        if name in wanted and name not in namespace:
            try:
                namespace[name] = eval(expression, namespace)  # noqa: S307 (the package's own source)
            except NameError:
                continue
    try:
        function.__annotations__ = typing.get_type_hints(function, globalns=namespace, include_extras=True)
    except NameError:
        return
    wrapper.__annotations__ = function.__annotations__


def resolve_all(value: object) -> None:
    """A public function's annotations, or every method's and property's of a public class."""
    if isinstance(value, FunctionType):
        resolve(value)
    elif isinstance(value, type):
        for member in vars(value).values():
            for function in (getattr(member, "__func__", member), getattr(member, "fget", None)):
                if isinstance(function, FunctionType):
                    resolve(function, value.__module__)
