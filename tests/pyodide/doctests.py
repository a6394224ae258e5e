"""Run the doctests of every module of the installed ``lansquenet``; their tallies as JSON.

The same file runs in CPython (``python doctests.py``, with the wheel's files on
PYTHONPATH: it prints the JSON) and inside Pyodide (replay.mjs: ``result`` holds it),
so the two tallies come from the very same sources.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import json
import pkgutil

import lansquenet


def tallies() -> dict[str, list[int]]:
    """``{module: [failed, attempted]}``; failure reports are not printed."""
    names = ["lansquenet"] + [
        info.name
        for info in pkgutil.iter_modules(lansquenet.__path__, "lansquenet.")
        if info.name != "lansquenet.__main__"
    ]
    found = {}
    for name in names:
        with contextlib.redirect_stdout(io.StringIO()):
            failed, attempted = doctest.testmod(importlib.import_module(name))
        found[name] = [failed, attempted]
    return found


result = json.dumps(tallies(), sort_keys=True)

if __name__ == "__main__":
    print(result)
