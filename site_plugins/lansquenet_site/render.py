"""Build-time rendering of ```` ```lansquenet ```` fences into plain HTML.

The fence holds a scenario (CONFORMANCE.md JSON) or the name of a scenario shipped with
the engine. The engine replays it; each step becomes an element with ``data-step``,
drawn from the engine's display-ready view (:func:`lansquenet.view.step_view`, the one
the play page draws too), written by ``templates/steps.html``: the diagram, the narrated
sentence, the cards, the balances
with their signed changes, and the result of a deal. The page is complete
without JavaScript; the stepper script only shows one step at a time.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Callable
from typing import Any

from markupsafe import Markup

import lansquenet
from lansquenet.diagram import diagram, sprite

from .markup import fence, macros
from .words import Words

FENCE = fence("lansquenet")


def _steps() -> Any:
    """The macros of ``templates/steps.html``."""
    return macros("steps.html")


class ScenarioError(lansquenet.LansquenetError):
    """A fence that does not hold a scenario (the build stops with this message)."""

    code = "invalid_fence"


# Where a scenario goes when its HTML is kept aside (render_fences with a stash).
SLOT = re.compile(r'<div class="lq-slot" data-lq-slot="(\d+)"></div>')


def unstash(html: str, stash: dict[str, str]) -> str:
    """Put back into a built page the scenarios that ``render_fences`` kept aside."""
    return SLOT.sub(lambda match: stash[match[1]], html)


_ID = re.compile(r'\sid="([^"]+)"')


def stashed_ids(html: str, stash: dict[str, str]) -> set[str]:
    """The ids of the HTML kept aside for the placeholders of ``html``: anchors the
    built page will have.

    >>> sorted(stashed_ids('<div class="lq-slot" data-lq-slot="0"></div>', {"0": '<p id="b"><i id="a">'}))
    ['a', 'b']
    """
    return {ident for key in SLOT.findall(html) for ident in _ID.findall(stash[key])}


_RANK_USED = re.compile(r'href="#lq-r(\w+)"')


def with_sprite(html: str) -> str:
    """A built page that draws cards gets the cards' shared drawings once: a page whose
    script asks the engine for diagrams (``data-lq-wheel``) all of them, a page of
    rendered scenarios those of the ranks its cards show.

    >>> with_sprite("<body><p>text</p></body>")
    '<body><p>text</p></body>'
    >>> with_sprite('<body><svg class="lq-diagram"></svg></body>').count('id="lq-pip"')
    1
    >>> page = with_sprite('<body><svg class="lq-diagram"><use href="#lq-r7"/></svg></body>')
    >>> 'id="lq-r7"' in page, 'id="lq-r8"' in page
    (True, False)
    """
    if ('class="lq-diagram"' not in html and "data-lq-wheel" not in html) or 'id="lq-pip"' in html:
        return html
    drawings = sprite(None if "data-lq-wheel" in html else tuple(sorted(set(_RANK_USED.findall(html)))))
    at = html.rfind("</body>")
    return html[:at] + drawings + html[at:] if at >= 0 else html + drawings


def keep(html: str, stash: dict[str, str] | None) -> str:
    """With a ``stash`` (one build's: the plugin starts a new one with each build),
    keep ``html`` aside and give the placeholder :func:`unstash` replaces in the built
    page (Markdown and search never parse it); else ``html``.

    >>> stash: dict[str, str] = {}
    >>> unstash("<p>" + keep("<b>a</b>", stash) + keep("<i>b</i>", stash) + "</p>", stash)
    '<p><b>a</b><i>b</i></p>'
    """
    if stash is None:
        return html
    key = str(len(stash))
    stash[key] = html
    return str(macros("tags.html").slot(key))


def render_fences(markdown: str, lang: str, words: Words, stash: dict[str, str] | None = None) -> str:
    """Replace every ``lansquenet`` fence of a page's Markdown with its HTML.

    With a ``stash``, each scenario's HTML is kept there and the Markdown gets a small
    placeholder instead, for :func:`unstash` to replace in the finished page: Markdown
    and the search plugin (the scenarios are out of the index anyway) then never parse
    the thousands of tags of the steps' diagrams, most of the plugin's build time.
    """

    # Several scenarios on one page are landmarks of one kind: each gets its own name
    # ("Scenario 2 on this page, ...") so that a screen reader can tell them apart.
    several = len(FENCE.findall(markdown)) > 1
    numbers = itertools.count(1)

    def one(match: re.Match[str]) -> str:
        number = next(numbers) if several else None
        return "\n" + keep(scenario_html(match["body"], lang, words, number=number), stash) + "\n"

    return FENCE.sub(one, markdown)


def _words(lang: str, words: Words) -> Callable[..., str]:
    """A word of ``lang``, raw: the templates escape it."""
    return lambda key, **params: words(lang, key, **params)


def balance_row(
    player: str, balance: str, change: str = "", stake: str = "", *, template: bool = False
) -> str:
    """One row of a step's balances (escaped HTML): the player, their counters (the cell's
    first text), the signed change and the stake. The rule pages' steps are written with it, and the play page
    gets it as a ``<template>`` (``template=True``: every part, empty) that step-view.js
    fills with the engine's values: one table, drawn from one source
    (``templates/steps.html``).

    >>> balance_row("A", "88", "+5")
    '<tr><th scope="row">A</th><td>88<span class="lq-change"> (+5)</span></td></tr>'
    """
    return str(_steps().balance_row(player, balance, change, stake, template))


def balances_table(lang: str, words: Words, rows: str = "", ident: str = "") -> str:
    """The balances of a step (its rows' HTML in ``rows``); the play page's has an ``ident``
    and, beside it, the template of its rows."""
    return str(_steps().balances_table(_words(lang, words), Markup(rows), ident))


def projector_button(lang: str, words: Words) -> str:
    """The button that opens a table's projector view (assets/js/projector.js shows it,
    inside an element marked ``data-projector``)."""
    return str(_steps().projector_button(_words(lang, words)))


def step_hashes(words: Words, number: int | None) -> str:
    """The words of a step's address (``#etape-4``, ``#step-4``; for the second
    scenario of a page ``#exemple-2-etape-4``) in every language, as JSON: the stepper
    keeps its step in the address and carries it across the language switcher.

    >>> import pathlib
    >>> w = Words(pathlib.Path(__file__).resolve().parents[2] / "locales")
    >>> step_hashes(w, None), step_hashes(w, 2)
    ('{"en":"step","fr":"etape"}', '{"en":"example-2-step","fr":"exemple-2-etape"}')
    """
    if number in (None, 1):
        found = {lang: words(lang, "stepper.hash") for lang in words.languages}
    else:
        found = {lang: words(lang, "stepper.hash_n", n=number) for lang in words.languages}
    return json.dumps(found, separators=(",", ":"))


@functools.lru_cache(maxsize=64)
def _replayed(source: str, lang: str, words: Words) -> tuple[int, Markup, Any]:
    """A scenario's steps in ``lang``: how many, their HTML (each with its diagram) and the
    refusal the scenario ends with (or None): replayed, drawn and written once per build,
    though several pages show the same scenario (the worked example: its rule page, the
    teachers' page, the class view's)."""
    try:
        told = lansquenet.session(lansquenet.parse(source), lang)
        steps, outcome = told["steps"], told["error"]
    except lansquenet.NotAScenario as error:
        raise ScenarioError(f"lansquenet fence: {error}") from None
    if not steps:
        raise ScenarioError(f"lansquenet fence: the table is refused ({outcome})")
    diagrams = [Markup(diagram(step["state"], lang)) for step in steps]
    return len(steps), _steps().steps(_words(lang, words), steps, diagrams), outcome


def scenario_html(
    source: str,
    lang: str,
    words: Words,
    number: int | None = None,
) -> str:
    """The HTML of one scenario: every step of its trace, in ``lang``; ``number`` is its
    place among the page's scenarios, when there are several (it goes into its name)."""
    count, written, outcome = _replayed(source, lang, words)
    ident = "lq-scenario" if number is None else f"lq-scenario-{number}"  # unique on its page
    name = words(lang, "steps.label") if number is None else words(lang, "steps.label_n", n=number)
    return str(
        _steps().scenario(
            _words(lang, words),
            ident,
            name,
            step_hashes(words, number),
            count,
            written,
            outcome["message"] if outcome is not None else None,
        )
    )
