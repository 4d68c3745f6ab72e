"""``mypyc_attr``, read by mypyc only: how a class of a module the compiled build compiles
is to be built (tools/mypyc_modules.txt). Without mypy installed it does nothing."""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pure Python, without mypy installed

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls


__all__ = ["mypyc_attr"]
