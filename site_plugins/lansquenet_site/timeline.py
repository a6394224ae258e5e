"""The history's checked dates: a ```` ```lansquenet-timeline ```` fence (empty body)
rendered at build time as an ordered list, each date a link to its source on the
sources page (``sources/#src-…``, in the page's language).

The dates come from one list, ``timeline.json`` beside this module (each entry: its
``key`` and its ``source``, the id of a reference on the sources page), in the order
they are shown; their words are in the catalogues (``locales/<lang>/site.po``:
``timeline.<key>.date``, the date as written, and ``timeline.<key>.text``). The markup
is the template ``templates/timeline.html``.

>>> entries()[0]
Entry(key='word', source='src-tlf')
>>> all(entry.source.startswith("src-") for entry in entries())
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import render
from .markup import fence
from .page import PageContext

FENCE = fence("lansquenet-timeline")
DATA = Path(__file__).with_name("timeline.json")


@dataclass(frozen=True)
class Entry:
    key: str  # its words: timeline.<key>.date and timeline.<key>.text
    source: str  # the reference's id on the sources page: "src-tlf"


@cache
def entries() -> tuple[Entry, ...]:
    """The timeline's entries, in order, read once."""
    return tuple(Entry(str(e["key"]), str(e["source"])) for e in json.loads(DATA.read_text("utf-8")))


def timeline_html(page: PageContext) -> str:
    """The timeline in the page's language, its links relative to the page."""
    sources = page.link("sources/")
    items = [
        {
            "date": page.words(page.lang, f"timeline.{entry.key}.date"),
            "text": page.words(page.lang, f"timeline.{entry.key}.text"),
            "href": f"{sources}#{entry.source}",
            "key": entry.key,
        }
        for entry in entries()
    ]
    return page.partial("timeline.html", items=items, label=page.words(page.lang, "timeline.label"))


def render_timeline(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-timeline`` fences (if any) with the timeline,
    kept in the page's stash until the page is built (:func:`render.keep`)."""

    def one(match: re.Match[str]) -> str:
        return "\n" + render.keep(timeline_html(page), page.stash) + "\n"

    return FENCE.sub(one, markdown)
