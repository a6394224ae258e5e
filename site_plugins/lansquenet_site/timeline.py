"""The history's checked dates: a ```` ```lansquenet-timeline ```` fence (empty body)
rendered at build time as an ordered list, each date a link to its source on the
sources page (``sources/#src-…``, in the page's language).

The dates come from one list, ``timeline.json`` beside this module (each entry: its
``key``, its ``source``, the id of a reference on the sources page, and its ``tag``, the
kind of witness it is: one of :data:`TAGS`), in the order they are shown; their words
are in the catalogues (``locales/<lang>/site.po``: ``timeline.<key>.date``, the date as
written, ``timeline.<key>.text``, and ``timeline.tag.<tag>``, the kind in words, with
``timeline.tag.<tag>.means`` for the legend). The markup is the template
``templates/timeline.html``; a small page script (``assets/js/timeline.js``) lets the
reader show or hide the entries of each kind, and only that.

>>> entries()[0]
Entry(key='word', source='src-tlf', tag='dictionary')
>>> all(entry.source.startswith("src-") and entry.tag in TAGS for entry in entries())
True
"""

from __future__ import annotations

import functools
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
# The kinds of witness, in the legend's order: a dated text that names the game, a
# dictionary's dating, a historian's reconstruction.
TAGS = ("attested", "dictionary", "inferred")


@dataclass(frozen=True)
class Entry:
    key: str  # its words: timeline.<key>.date and timeline.<key>.text
    source: str  # the reference's id on the sources page: "src-tlf"
    tag: str  # one of TAGS


@cache
def entries() -> tuple[Entry, ...]:
    """The timeline's entries, in order, read once."""
    found = tuple(
        Entry(str(e["key"]), str(e["source"]), str(e["tag"])) for e in json.loads(DATA.read_text("utf-8"))
    )
    unknown = [entry.key for entry in found if entry.tag not in TAGS]
    if unknown:
        raise ValueError(f"timeline.json: entries of no known tag: {unknown}")
    return found


def timeline_html(page: PageContext) -> str:
    """The timeline in the page's language, its links relative to the page."""
    sources = page.link("sources/")
    word = functools.partial(page.words, page.lang)
    items = [
        {
            "date": word(f"timeline.{entry.key}.date"),
            "text": word(f"timeline.{entry.key}.text"),
            "href": f"{sources}#{entry.source}",
            "key": entry.key,
            "tag": entry.tag,
            "tag_word": word(f"timeline.tag.{entry.tag}"),
        }
        for entry in entries()
    ]
    tags = [
        {"key": tag, "word": word(f"timeline.tag.{tag}"), "means": word(f"timeline.tag.{tag}.means")}
        for tag in TAGS
    ]
    return page.partial(
        "timeline.html",
        items=items,
        tags=tags,
        label=word("timeline.label"),
        legend=word("timeline.legend"),
        filter_label=word("timeline.filter"),
        script=page.root + "assets/js/timeline.js",
        stylesheet=page.root + "assets/css/timeline.css",
    )


def render_timeline(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-timeline`` fences (if any) with the timeline,
    kept in the page's stash until the page is built (:func:`render.keep`)."""

    def one(match: re.Match[str]) -> str:
        return "\n" + render.keep(timeline_html(page), page.stash) + "\n"

    return FENCE.sub(one, markdown)
