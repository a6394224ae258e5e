"""The teachers' plan (issues 33 and 52): a ```` ```lansquenet-plan ```` fence on the
teachers' pages becomes the plan's table, the plan a teacher builds from it (choose,
reorder and time the parts, against the lesson's length; print it; share it as a link
and a QR code), the control that runs the class (``[data-action="run-class"]``) and the
class view, one screen per part (``templates/plan.html``; assets/js/class.js runs it).
Every part a plan may hold, its minutes and the suggested plan are written once, in
``plan.json``; their words (``plan.*``) in site.po. The page's part numbers follow the
plan: a section's heading (``## Title { #anchor }``, the anchor plan.<id>.anchor) gets
its number and minutes from it, and ``{{ plan.<id> }}`` in the prose is its number
(both marked ``data-part-number``: class.js writes a teacher's own plan's numbers).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from markupsafe import Markup

from lansquenet import games

from .markup import fence, json_text, macros
from .page import PageContext
from .render import keep

FENCE = fence("lansquenet-plan")
TICKET = fence("lansquenet-ticket")
NUMBER = re.compile(r"\{\{\s*plan\.(?P<id>\w+)\s*\}\}")
COPIES = 4  # exit tickets per printed A4 page, cut apart (print.css)
DATA = Path(__file__).with_name("plan.json")


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text("utf-8"))
    return data


def length() -> int:
    """The lesson's minutes, which the suggested plan fills (plan.json's ``length``)."""
    return int(_data()["length"])


def catalogue() -> dict[str, dict[str, Any]]:
    """Every part a plan may hold, by id (plan.json's ``parts``), each with its ``id``."""
    parts: dict[str, dict[str, Any]] = _data()["parts"]
    frames = _frames()
    for key, part in parts.items():
        part["id"] = key
        unknown = set(part.get("frames", ())) - set(frames)
        if unknown:
            raise ValueError(f"{DATA.name}: part {key} shows no such frame: {', '.join(sorted(unknown))}")
    return parts


def plan() -> list[dict[str, Any]]:
    """The suggested plan's parts, in order, each with its ``start`` minute and its
    ``number`` (from 1); they fill the lesson's length."""
    every = catalogue()
    order: list[str] = _data()["plan"]
    unknown = [key for key in order if key not in every]
    if unknown or len(set(order)) != len(order):
        raise ValueError(f"{DATA.name}: the plan names unknown or repeated parts: {order}")
    parts = [every[key] for key in order]
    start = 0
    for number, part in enumerate(parts, 1):
        part["start"] = start
        part["number"] = number
        start += part["minutes"]
    if start != length():
        raise ValueError(f"{DATA.name}: the parts add up to {start} minutes, not {length()}")
    return parts


def optional_parts() -> list[dict[str, Any]]:
    """The parts a teacher may add to the suggested plan: the catalogue's others."""
    chosen = set(_data()["plan"])
    return [part for key, part in catalogue().items() if key not in chosen]


def _frames() -> dict[str, str]:
    """The pages the class view shows live, by name: each a page of the site, from its
    root, in one frame for the whole class (the class's table keeps its game from part
    to part)."""
    frames: dict[str, str] = _data()["frames"]
    return frames


def tables() -> dict[str, str]:
    """The frames that are a class's table (plan.json's ``tables``), each with the
    ``#rules=`` name of the game it plays ("" for the default game): found from its
    settings in the games' registry (:func:`lansquenet.games.ruled_by`), never written
    here; settings other than that game's defaults are refused, as a ``#rules=`` link
    opens another game at its defaults (COURT.md C-16)."""
    declared: dict[str, dict[str, Any]] = _data()["tables"]
    unknown = set(declared) - set(_frames())
    if unknown:
        raise ValueError(f"{DATA.name}: no such frame for a table: {', '.join(sorted(unknown))}")
    named: dict[str, str] = {}
    for name, settings in declared.items():
        if not settings:
            named[name] = ""
            continue
        rules = games.ruled_by(settings)
        game = games.game(rules["game"])
        assert game is not None
        if any(game.setting(key).default != value for key, value in settings.items()):
            raise ValueError(f"{DATA.name}: table {name} asks for settings other than its game's defaults")
        named[name] = game.id
    return named


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
    """The plan's table, the plan a teacher builds, its run-the-class control and the
    class view, in the page's language."""
    lang, words = page.lang, page.words

    def w(key: str, **params: object) -> str:
        return words(lang, key, **params)  # raw: the partial escapes it

    parts = plan()
    every = list(parts) + optional_parts()
    view_words = {k: v for k, v in words.catalogue(lang).items() if k.startswith("plan.")}
    return page.partial(
        "plan.html",
        root=page.root,
        parts=parts,
        every=every,
        frames={name: page.link(path) for name, path in _frames().items()},  # in the page's language
        tables=tables(),  # the frames that are a class's table, and the game each plays
        optional=optional_parts(),  # listed under the table, to add to a plan
        pupils={part["id"]: page.link(part["pupils"]) for part in every},  # each part's QR code
        total=length(),
        pupils_page=page.link("class/"),  # the pupils' card: their page, its short link and code
        plural=json_text(words.plural(lang).json()),
        suggested=",".join(f"{part['id']}:{part['minutes']}" for part in parts),
        digest={part["id"]: json.dumps(part["digest"]) for part in every if part.get("digest")},
        w=w,
        count=lambda key, n, **params: words.count(lang, key, n, **params),
        words_json=Markup(json_text(view_words)),
    )


def _numbered(markdown: str, page: PageContext) -> str:
    """The part numbers of the suggested plan in the page: each part's section heading
    (found by its anchor) gets its number and minutes, each ``{{ plan.<id> }}`` its
    number; a part outside the plan, "optional" and its minutes."""
    lang, words = page.lang, page.words
    numbers = {part["id"]: part["number"] for part in plan()}
    every = catalogue()

    marks = macros("part_number.html")

    def number(key: str) -> str:
        return str(marks.number(key, str(numbers[key]) if key in numbers else "–"))

    def token(match: re.Match[str]) -> str:
        if match["id"] not in every:
            raise ValueError(f"{{{{ plan.{match['id']} }}}}: no such part in {DATA.name}")
        return number(match["id"])

    markdown = NUMBER.sub(token, markdown)
    for key, part in every.items():
        if not part.get("section"):
            continue
        anchor = words(lang, f"plan.{key}.anchor")
        heading = re.compile(
            rf"^(?P<level>#{{2,3}}) (?P<title>.+?) \{{ #{re.escape(anchor)} \}}$", re.MULTILINE
        )
        found = heading.search(markdown)
        if not found:
            raise ValueError(f"the teachers' page has no heading {{ #{anchor} }} for part {key}")
        minutes = words.count(lang, "plan.minutes", part["minutes"], minutes=part["minutes"])
        said = words(
            lang, "plan.heading.length" if key in numbers else "plan.heading.optional", minutes=minutes
        )
        shown = f"{numbers[key]}. " if key in numbers else ""
        line = f"{found['level']} {marks.heading(key, shown)}{found['title']} {marks.length(key, said)} {{ #{anchor} }}"
        markdown = markdown[: found.start()] + line + markdown[found.end() :]
    return markdown


def render_plan(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-plan`` fence (if any) with the plan (kept aside
    from Markdown: :func:`render.keep`), and number its parts' headings."""
    if not FENCE.search(markdown):
        return markdown
    html = class_view(page)
    markdown = _numbered(markdown, page)
    return FENCE.sub(lambda _: "\n" + keep(html, page.stash) + "\n", markdown)


def render_ticket(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-ticket`` fence (the exit ticket, in Markdown) with
    the ticket, written once: on screen a pupil's one ticket; printed, :data:`COPIES` of
    it on the page, between cut lines (``templates/ticket.html``)."""

    def one(match: re.Match[str]) -> str:
        body = Markup(match["body"])  # the page's own Markdown, read after this
        return "\n" + page.partial("ticket.html", body=body, copies=COPIES) + "\n"

    return TICKET.sub(one, markdown)
