"""The ``>>>`` examples in the engine's docstrings run as tests (STYLE.md: python-chess),
so they count towards coverage and cannot go stale."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lansquenet

MODULES = sorted(["lansquenet", *(f"lansquenet.{m.name}" for m in pkgutil.iter_modules(lansquenet.__path__))])


def test_every_engine_module_is_found():
    assert {"lansquenet.cards", "lansquenet.rules", "lansquenet.scenario", "lansquenet.narration"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_engine_has_examples_to_run():
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 20
