"""The teachers' plan (issue 33): a ```` ```lansquenet-plan ```` fence on the teachers'
pages becomes the plan's table, the control that runs the class
(``[data-action="run-class"]``) and the class view, one screen per part
(``templates/plan.html``; assets/js/class.js runs it). The parts and their
minutes are written once, in ``plan.json``; their words (``plan.*``) in site.po.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .markup import fence, json_text, macros
from .page import PageContext
from .render import keep

FENCE = fence("lansquenet-plan")
TICKET = fence("lansquenet-ticket")
COPIES = 4  # exit tickets per printed A4 page, cut apart (print.css)
DATA = Path(__file__).with_name("plan.json")
TOTAL = 50  # the class's minutes: the parts' add up to it (tests/site/test_class_plan.py)


def plan() -> list[dict[str, Any]]:
    """The plan's parts, in order, each with its ``start`` minute."""
    parts: list[dict[str, Any]] = json.loads(DATA.read_text("utf-8"))["parts"]
    frames = _frames()
    for part in parts:
        unknown = set(part.get("frames", ())) - set(frames)
        if unknown:
            raise ValueError(
                f"{DATA.name}: part {part['id']} shows no such frame: {', '.join(sorted(unknown))}"
            )
    start = 0
    for part in parts:
        part["start"] = start
        start += part["minutes"]
    if start != TOTAL:
        raise ValueError(f"{DATA.name}: the parts add up to {start} minutes, not {TOTAL}")
    return parts


def optional_parts() -> list[dict[str, Any]]:
    """The parts a teacher may add to the plan (``optional`` in plan.json), outside its
    fifty minutes: listed under the plan's table, each linked to its section."""
    optional: list[dict[str, Any]] = json.loads(DATA.read_text("utf-8")).get("optional", [])
    return optional


def _frames() -> dict[str, str]:
    """The pages the class view shows live, by name: each a page of the site, from its
    root, in one frame for the whole class (the class's table keeps its game from part
    to part)."""
    frames: dict[str, str] = json.loads(DATA.read_text("utf-8"))["frames"]
    return frames


def framed(page: PageContext) -> bool:
    """Whether the class view shows ``page`` in one of its frames (plan.json's frames)."""
    return page.url.removeprefix(page.languages.prefix(page.lang)) in _frames().values()


def render_framed(markdown: str, page: PageContext) -> str:
    """A page the class view shows in a frame gets its side of their messages
    (class-frame.js, kept aside from Markdown: :func:`render.keep`); no other page loads
    it (benchmarks figure 5a)."""
    if not framed(page):
        return markdown
    script = str(macros("tags.html").module(page.root + "assets/js/class-frame.js"))
    return markdown.rstrip("\n") + "\n\n" + keep(script, page.stash) + "\n"


def class_view(page: PageContext) -> str:
    """The plan's table, its run-the-class control and the class view, in the page's language."""
    lang, words = page.lang, page.words

    def w(key: str, **params: object) -> str:
        return words(lang, key, **params)  # raw: the partial escapes it

    parts = plan()
    view_words = {k: v for k, v in words.catalogue(lang).items() if k.startswith("plan.")}
    return page.partial(
        "plan.html",
        root=page.root,
        parts=parts,
        optional=optional_parts(),
        frames={name: page.link(path) for name, path in _frames().items()},  # in the page's language
        pupils={part["id"]: page.link(part["pupils"]) for part in parts},  # each part's QR code
        total=TOTAL,
        w=w,
        count=lambda key, n, **params: words.count(lang, key, n, **params),
        words_json=Markup(json_text(view_words)),
    )


def render_plan(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-plan`` fence (if any) with the plan (kept aside
    from Markdown: :func:`render.keep`)."""
    if not FENCE.search(markdown):
        return markdown
    html = class_view(page)
    return FENCE.sub(lambda _: "\n" + keep(html, page.stash) + "\n", markdown)


def render_ticket(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-ticket`` fence (the exit ticket, in Markdown) with
    the ticket, written once: on screen a pupil's one ticket; printed, :data:`COPIES` of
    it on the page, between cut lines (``templates/ticket.html``)."""

    def one(match: re.Match[str]) -> str:
        body = Markup(match["body"])  # the page's own Markdown, read after this
        return "\n" + page.partial("ticket.html", body=body, copies=COPIES) + "\n"

    return TICKET.sub(one, markdown)
