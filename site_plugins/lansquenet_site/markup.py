"""Small parts every renderer of the plugin shares: the fences it replaces, the JSON
it hands to a page's script, the way from a page to the site's top folder.

>>> FENCE_PLAY = fence("lansquenet-play")
>>> FENCE_PLAY.sub("X", "a\\n```lansquenet-play\\n```\\nb")
'a\\nX\\nb'
>>> fence("lansquenet").search("```lansquenet-play\\n```") is None
True
>>> [m["kind"] for m in fence("lansquenet-(?:odds|simulation)").finditer("~~~lansquenet-odds\\nfigures\\n~~~")]
['lansquenet-odds']
"""

from __future__ import annotations

import json
import re
from functools import cache


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


def json_script(ident: str, data: object) -> str:
    """``data`` as a ``<script type="application/json">`` element: data that a page's
    script reads, never runs (the Content-Security-Policy has nothing to allow)."""
    return f'<script type="application/json" id="{ident}">{json_text(data)}</script>'


def root_of(page_url: str) -> str:
    """The relative way from a page to the site's top folder.

    >>> root_of("play/"), root_of("en/play/"), root_of("")
    ('../', '../../', '')
    """
    return "../" * page_url.count("/")
