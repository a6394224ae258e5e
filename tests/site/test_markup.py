"""Markup only in templates: the site's plugins (site_plugins/) write their HTML in Jinja
templates (lansquenet_site/templates/, autoescaped), never in Python f-strings or
``str.format``, where every value must be escaped by hand."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from lansquenet_site.markup import TEMPLATES, macros

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted((REPO / "site_plugins").rglob("*.py"))
# "<p ", "</td>", "<br>", a string ending with "<span"; not a regular expression's "(?P<name>"
TAG = re.compile(r"(?<!\?P)</?[A-Za-z][\w-]*(?:[\s>/]|$)")


def html_in_fstrings(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` where an f-string, or a string given to ``.format``,
    writes a tag.

    >>> html_in_fstrings('x = f"<p>{a}</p>"\\ny = f"a {b} c"\\nz = "<b>{}</b>".format(c)\\n')
    [(1, '<p>'), (3, '<b>{}</b>')]
    >>> html_in_fstrings('pattern = rf"(?P<fence>```)"\\nfound = f"</{name}"\\n')
    []
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
            and isinstance(node.func.value.value, str)
        ):
            parts = [node.func.value.value]
        else:
            continue
        tags = [part for part in parts if TAG.search(part)]
        if tags:
            found.append((node.lineno, tags[0]))
    return found


def test_the_check_finds_html_and_only_html() -> None:
    source = 'x = f"<p>{a}</p>"\ny = f"a {b} c"\nz = "<b>{}</b>".format(c)\nw = f"<span class={k}"\n'
    assert html_in_fstrings(source) == [(1, "<p>"), (3, "<b>{}</b>"), (4, "<span class=")]
    assert html_in_fstrings('pattern = rf"(?P<fence>```)"\nfound = f"a < {b}"\n') == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_no_html_written_in_python(path: Path) -> None:
    assert SOURCES, "site_plugins/ has Python sources"
    assert html_in_fstrings(path.read_text("utf-8")) == []


def test_templates_escape_what_they_are_given() -> None:
    name = '<script>alert("x")</script> & co'
    cell = str(macros("steps.html").balance_row(name, "88"))
    assert "<script>" not in cell and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co" in cell
    assert TEMPLATES.autoescape is True
