"""The site's wheel carries the engine's modules without comments and docstrings
(lansquenet_site/stripped.py, issue 54: the bytes a reader downloads): the same program,
every line where it was, and ``pip install ./engine`` still gets the sources whole."""

from __future__ import annotations

import ast
import doctest
import io
import tokenize
import zipfile
from pathlib import Path

from lansquenet_site import stripped
from lansquenet_site.wheel import build_engine_wheel

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "engine" / "lansquenet"


def without_docstrings(source: str) -> str:
    """The syntax tree of ``source`` with its docstrings taken out (``...`` where one was a
    body's only statement), dumped: what the stripped module must parse to."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, stripped.DOCUMENTED) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                node.body = node.body[1:] or [ast.Expr(ast.Constant(...))]
    return ast.dump(tree)


def test_the_examples_hold() -> None:
    result = doctest.testmod(stripped)
    assert result.attempted >= 2 and result.failed == 0


def test_every_engine_module_is_the_same_program_on_the_same_lines() -> None:
    modules = sorted(ENGINE.glob("*.py"))
    assert len(modules) > 20
    for module in modules:
        source = module.read_text("utf-8")
        out = stripped.strip(source, module.name)
        assert ast.dump(ast.parse(out)) == without_docstrings(source), module.name
        assert out.count("\n") == source.count("\n"), module.name
        tokens = list(tokenize.generate_tokens(io.StringIO(out).readline))
        assert not [t for t in tokens if t.type == tokenize.COMMENT], module.name
        assert not stripped.docstrings(ast.parse(out)), module.name
        # every statement where it was: the same lines in tracebacks
        lines = {(n.lineno, type(n).__name__) for n in ast.walk(ast.parse(out)) if isinstance(n, ast.stmt)}
        kept = {(n.lineno, type(n).__name__) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.stmt)}
        assert lines <= kept, module.name


def test_the_sites_wheel_is_stripped_and_the_engines_package_is_not() -> None:
    wheel = build_engine_wheel(REPO)
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        web = archive.read("lansquenet/web.py").decode("utf-8")
        assert (
            archive.read("lansquenet/locales/fr/lansquenet.po")
            == (REPO / "locales/fr/lansquenet.po").read_bytes()
        )
    source = (ENGINE / "web.py").read_text("utf-8")
    assert '"""' in source and "#" in source  # the repository keeps its words
    assert web == stripped.strip(source, "web.py") and len(web) < 0.7 * len(source)
