"""The older keyword forms of the public calls, kept for one minor release.

A call's signature is its new form only: that is what a type checker, ``inspect.signature``
and ``help()`` see. The older keywords are taken at run time by ``keeps_older_form``, each
with a ``DeprecationWarning`` that shows the new form, and answered through the new form.
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping
from importlib.util import find_spec
from types import FunctionType, ModuleType
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
# answers a call of the older form: (the call, its positional and new keyword arguments,
# its older keywords) -> the answer
Older = Callable[[Callable[..., Any], tuple[Any, ...], dict[str, Any], dict[str, Any]], Any]


def older_form(what: str, old: Mapping[str, object], accepted: Iterable[str], new_form: str) -> dict[str, Any]:
    """The keywords of ``what``'s older form in ``old``, each one it still takes (``accepted``),
    with a ``DeprecationWarning`` that shows ``new_form``; any other keyword is refused as
    Python refuses one."""
    known = set(accepted)
    for name in old:
        if name not in known:
            raise TypeError(f"{what}() got an unexpected keyword argument {name!r}")
    if old:
        warnings.warn(
            f"{what}: {', '.join(f'{name}=' for name in old)} is the older form, kept for one minor "
            f"release: {new_form}",
            DeprecationWarning,
            stacklevel=3,  # this function, the call's wrapper, then the caller's line
        )
    return dict(old)


def keeps_older_form(
    what: str, accepted: Iterable[str], new_form: str, answer: Older
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A call that also takes the keywords ``accepted`` of its older form, answered by
    ``answer`` with a ``DeprecationWarning`` that shows ``new_form``."""
    names = tuple(accepted)

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        code = function.__code__  # its parameters' names, without loading inspect at start-up
        own = set(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            old = {name: kwargs.pop(name) for name in list(kwargs) if name not in own}
            if not old:
                return function(*args, **kwargs)
            answer_older: Any = answer(function, args, dict(kwargs), older_form(what, old, names, new_form))
            return answer_older  # type: ignore[no-any-return]

        return call

    return decorate


def moved_attribute(package: str, name: str, *loads: Callable[[], ModuleType]) -> Any:
    """A module's ``__getattr__``: ``name``, now in the first of the modules ``loads`` import
    that defines it, with a ``DeprecationWarning`` that names the new place (for one minor
    release). A dunder, or a module of the package the name is asked of, is no such name: it
    is refused before any module is loaded, so that importing a sibling module does not load
    them."""
    missing = AttributeError(f"module {package!r} has no attribute {name!r}")
    if not name.isidentifier() or name.startswith("__"):
        raise missing
    if "__path__" in vars(sys.modules[package]) and find_spec(f"{package}.{name}") is not None:
        raise missing  # a module of the package (not hasattr: that would ask __getattr__)
    for load in loads:
        module = load()
        value = getattr(module, name, None)
        # a name the module only imports is not one that moved there
        if value is None or (isinstance(value, (type, FunctionType)) and value.__module__ != module.__name__):
            continue
        warnings.warn(
            f"{package}.{name} moved to {module.__name__}.{name}; the older place is kept for one minor release",
            DeprecationWarning,
            stacklevel=3,  # this function, the package's __getattr__, then the caller's line
        )
        return value
    raise missing
