"""Small parts every renderer of the plugins shares: the fences they replace, the JSON
they hand to a page's script, the way from a page to the site's top folder, and the
templates (``templates/``) every piece of markup is written in.

Markup lives only in those Jinja templates, autoescaped; a test (tests/site/test_markup.py)
finds none in Python. Values are escaped as :func:`html.escape` does (``&quot;``,
``&#x27;``), the pages' HTML as it always was.

>>> FENCE_PLAY = fence("lansquenet-play")
>>> FENCE_PLAY.sub("X", "a\\n```lansquenet-play\\n```\\nb")
'a\\nX\\nb'
>>> fence("lansquenet").search("```lansquenet-play\\n```") is None
True
>>> [m["kind"] for m in fence("lansquenet-(?:odds|simulation)").finditer("~~~lansquenet-odds\\nfigures\\n~~~")]
['lansquenet-odds']
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup


@cache
def fence(kind: str) -> re.Pattern[str]:
    """A Markdown fence of ``kind`` (a regular expression: ``lansquenet-(?:odds|simulation)``),
    between ```` ``` ```` or ``~~~`` lines; its ``kind`` and its ``body`` (which ends with
    its last line's newline, if any)."""
    return re.compile(
        rf"^(?P<fence>```|~~~)(?P<kind>{kind})[ \t]*\n(?P<body>.*?)^(?P=fence)[ \t]*$",
        re.MULTILINE | re.DOTALL,
    )


def json_text(data: object) -> str:
    """``data`` as compact JSON that can stand inside a ``<script>`` element.

    >>> print(json_text({"a": "</script>"}))
    {"a":"<\\/script>"}
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/")  # never closes its <script> element early


def _escaped(value: Any) -> Any:
    """A value written into a template, escaped as :func:`html.escape` does."""
    return value if value is None or isinstance(value, Markup) else Markup(html.escape(str(value)))


TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(Path(__file__).with_name("templates"))),
    autoescape=True,
    finalize=_escaped,
    keep_trailing_newline=False,
)


@cache
def macros(template: str) -> Any:
    """The macros of ``templates/<template>``, to call from Python (each returns Markup).
    Made once per template (a module is the template run once: hundreds of calls a
    build, benchmarks figure 6); the macros hold no state between calls.

    >>> str(macros("tags.html").slot(3))
    '<div class="lq-slot" data-lq-slot="3"></div>'
    """
    return TEMPLATES.get_template(template).module


def json_script(ident: str, data: object) -> str:
    """``data`` as a ``<script type="application/json">`` element: data that a page's
    script reads, never runs (the Content-Security-Policy has nothing to allow).

    >>> print(json_script("x", {"a": "</script>"}))
    <script type="application/json" id="x">{"a":"<\\/script>"}</script>
    """
    return str(macros("tags.html").json_script(ident, json_text(data)))


def root_of(page_url: str) -> str:
    """The relative way from a page to the site's top folder.

    >>> root_of("play/"), root_of("en/play/"), root_of("")
    ('../', '../../', '')
    """
    return "../" * page_url.count("/")
