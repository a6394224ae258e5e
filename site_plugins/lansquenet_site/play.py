"""The play page's skeleton: a ```` ```lansquenet-play ```` fence rendered at build time.

The HTML is a Jinja template, ``templates/play.html``;
this module gives it its words and addresses. The fence becomes the page's controls with their labels in the page's language, the
interface words play.js needs later (``<script type="application/json" id="lq-words">``:
data, never executed, so the Content-Security-Policy has nothing to allow), the
address of the engine's wheel (``data-lq-wheel``, with its digest so that a browser
never keeps a stale engine) and the page's own module script and stylesheet. play.js
imports its modules itself (the list is at the top of play.js; engine.js, words.js
and the others): same origin, so the page's
Content-Security-Policy allows them, and the service worker keeps every file of
``assets/js/`` for offline use. Only this
page loads them: rule pages load no Pyodide and no play code.

Every word comes from ``locales/<lang>/site.po`` (keys ``play.*``, and the stepper's and
the step tables' words, shared with the rendered scenarios).
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from lansquenet import chart, games
from lansquenet.rules import DEFAULT_BALANCE

from .markup import fence, json_text
from .page import PageContext
from .presets import PRESETS
from .render import keep
from .words import Words

FENCE = fence("lansquenet-play")
# Words play.js reads from the page (besides every play.* entry).
SHARED = ("stepper.", "steps.")
PACES = (("slow", 1500), ("normal", 700), ("instant", 0))  # a computer player's pause, in ms
# The game screen's tabs: what the stage shows (the table first).
TABS = (
    ("table", "play.tab.table"),
    ("story", "play.tab.story"),
    ("ledger", "play.tab.ledger"),
    ("more", "play.tab.more"),
)
STEPPERS = (("first", "«"), ("previous", "‹"), ("next", "›"), ("last", "»"))  # each named by its word
# The "Custom" rules' four parameters (V-R2): each a choice of values, with its words'
# keys (None: the value written as it is).
CUSTOM = (
    ("packs", [(str(n), None) for n in range(1, 7)]),
    ("pack", [("52", None), ("40", None), ("32", None)]),
    ("pair_share", [("1", "play.rules.pair_share.whole"), ("1/2", "play.rules.pair_share.half")]),
    ("successor", [("right", "play.rules.successor.right"), ("left", "play.rules.successor.left")]),
)


def page_words(words: Words, lang: str) -> dict[str, str]:
    """The words the page's script needs, raw (``{placeholders}`` left for the script)."""
    return {k: v for k, v in sorted(words.catalogue(lang).items()) if k.startswith(("play.", *SHARED))}


def rules_choices(page: PageContext) -> list[dict[str, str]]:
    """The "Rules" choice's presets (V-R3), in the page's language: the value, the name,
    the option's text and the line beside it (its source, and the bank's edge from
    :mod:`lansquenet.odds`, exact and as a percentage), its parameters as JSON."""
    out = []
    for preset in PRESETS:
        exact, percent = preset.edge_text(page.lang)
        name = page.w("variants.name." + preset.name)
        source = page.w("play.rules.source." + preset.name)
        about = page.w("play.rules.about", source=source, exact=exact, percent=percent)
        if preset.rules.share != 1:  # V-P3a: odd stakes give the bank less
            about += " " + page.w("play.rules.odd_stakes")
            # The coach's chance for a stake is the standard game's: said why (issue 52).
            about += " " + page.w("play.rules.same_chance")
        out.append(
            {
                "value": preset.name,
                "name": name,
                "text": page.w("play.rules.option", name=name, source=source, exact=exact, percent=percent),
                "about": about,
                "rules": json_text(preset.parameters),
            }
        )
    return out


def game_choices(page: PageContext) -> list[dict[str, Any]]:
    """The "Rules" choice's other games (:mod:`lansquenet.games`: every game but the
    default one, whose presets come first), in the page's language: the value (the
    game's id, what ``{"game": id}`` names, COURT.md C-16), its name, the line beside it,
    its rules as JSON and its settings' fields (their bounds are the declaration's); the
    line beside it ends with the figure its entry names, computed by the engine
    (:meth:`lansquenet.games.Game.edge_value`)."""
    out = []
    for game in games.GAMES[1:]:
        name = page.w("games.name." + game.id)
        value = game.edge_value()  # the figure its entry names, computed now (Game.edge)
        edge = page.w(
            "play.game.edge",
            what=page.w("games.edge." + game.id, **game.edge[1]),
            exact=str(value),
            percent=chart.percent(float(value), page.lang, 1),
        )
        out.append(
            {
                "value": game.id,
                "name": name,
                "text": name,
                "about": page.w("play.game.about." + game.id) + " " + edge,
                "rules": json_text({"game": game.id}),
                "settings": [
                    {"key": s.key, "least": s.least, "most": s.most, "default": s.default}
                    for s in game.settings
                ],
            }
        )
    return out


def skeleton(page: PageContext) -> str:
    """The play page's HTML (``templates/play.html``): set-up form, game screen."""
    lang, words = page.lang, page.words

    def w(key: str, **params: object) -> str:
        return words(lang, key, **params)  # raw: the partial escapes it

    # The default table, written as play.js writes it.
    names = [name.strip() for name in words(lang, "play.default_names").split(",")][:3]
    return page.partial(
        "play.html",
        lang=lang,
        root=page.root,
        wheel_url=page.wheel_url,
        words_json=Markup(json_text(page_words(words, lang))),
        plural=json_text(words.plural(lang).json()),
        names=names,
        balance=DEFAULT_BALANCE,
        paces=PACES,
        tabs=TABS,
        steppers=STEPPERS,
        presets=rules_choices(page),
        games=game_choices(page),
        custom=CUSTOM,
        w=w,
    )


def render_play(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-play`` fence (if any) with the play skeleton (the
    wheel's digest goes into the page). With the page's stash, the skeleton is kept
    there until the page is built (:func:`render.keep`): its labels and buttons are not
    prose, and stay out of the search index."""
    if not FENCE.search(markdown):
        return markdown
    if page.wheel is None:
        raise ValueError("the play page needs the engine's wheel (PageContext.wheel)")
    html = skeleton(page)
    return FENCE.sub(lambda _: "\n" + keep(html, page.stash) + "\n", markdown)
