"""The odds page: the engine's exact figures written into the page at build time, and
the live simulation's controls.

Nothing on the page is typed in: every figure comes from :mod:`lansquenet.odds` when
the site is built, every chart from :mod:`lansquenet.chart`, every word from
``locales/<lang>/site.po`` (keys ``odds.*``), every number in the page's language.

- ```` ```lansquenet-odds ```` fences, the body naming one part:
  ``figures`` (the default): the rules' figures in a table (opening pair, the bank
  wins, the players win, the bank's edge, the cards turned); ``distribution``: the
  length of a deal as a bar chart and, as its text equivalent, the table of its exact
  probabilities; ``packs``: the same figures for other packs, in a table labelled as
  not these rules (R-P1); ``presets``: the five rule sets the play page plays
  (spec/VARIANTS.md, V-R3), each with the bank's edge and a stake's odds as the coach
  gives them (:func:`lansquenet.odds.move_odds`, the functions the coach uses) and a
  "Play this variant" link; ``games``: every game of :mod:`lansquenet.games` side by
  side (the later game, the court game of COURT.md), each with the figure its entry
  names, computed at build time (:func:`games_html`).
- ```` ```lansquenet-simulation ````: the simulation's form (deals, seed, Run), its
  loading status, and a chart of one simulation computed at build time (so the page
  is complete without JavaScript), written by the Jinja partial
  ``templates/simulation.html``. ``odds.js`` replaces it with the reader's own,
  computed in the browser by the engine's worker (op ``simulate``, which draws the
  chart with the same :func:`lansquenet.chart.share_chart`). Python loads only when
  the reader presses Run.
- ```` ```lansquenet-simulation ```` whose body is ``variants``: the same, with a choice
  of variant (:data:`lansquenet.odds.VARIANTS`); the op gets ``variant`` and the deals
  use that variant's pack (the variants page).
- ``{{ variant(6x52).bank_edge }}`` (the variants and teachers' pages): one figure of
  the preset whose rules are written in brackets as the play page's ``#rules=`` writes
  them (``6x52``, ``1x40``, ``1x52.half``: :func:`preset_spelt`; a page never writes a
  preset's id, :mod:`lansquenet.games` does), by
  :func:`lansquenet.odds.variant_figures`; ``{{ variant.rules.bank_edge }}`` these rules.
  Written as the exact fraction with its approximate value, ``data-value`` holding the
  fraction. ``{{ variant(6x52).play }}``: the link that plays it (presets.py);
  ``{{ variant(6x52).id }}``: its id, for a row's ``data-variant`` or a link's
  ``#rules=``.
- ``{{ odds.bank_wins }}`` in the prose: one figure, as a fraction (``9/17``), or with
  ``.percent`` (``52,9 %``), ``.approx`` (``9/17 ≈ 52,9 %``), ``.decimal`` (``7,29``),
  ``.mean`` (``51/7 ≈ 7,29``).

The page's stylesheet and, with a simulation, its module script are written into the
page itself: only this page loads them (like the play page).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from html import escape
from typing import Any

from markupsafe import Markup
from mkdocs.exceptions import PluginError

from lansquenet import chart, games, odds
from lansquenet.limits import MAX_DEALS

from .markup import fence, json_script, json_text, macros
from .page import PageContext
from .presets import PRESETS, play_link
from .render import keep
from .words import Words

FENCE = fence("lansquenet-(?:odds|simulation)")
TOKEN = re.compile(r"\{\{\s*odds\.(?P<key>\w+)(?:\.(?P<form>\w+))?\s*\}\}")
# A rule set named by its parameters, as the play page's "#rules=" writes them without a
# preset's id (permalink.js): "6x52", "1x40", "1x52.half"; "rules": this site's rules.
VARIANT_TOKEN = re.compile(
    r"\{\{\s*variant(?:\.(?P<name>rules)|\((?P<spelt>\d+x\d+(?:\.(?:half|left))*)\))\.(?P<key>\w+)\s*\}\}"
)
SPELT = re.compile(r"(\d+)x(\d+)((?:\.(?:half|left))*)")
RULES = odds.Variant("rules", odds.ONE_PACK)  # these rules, beside the variants
# The figures, in the order of the table; each is a function of the pack.
FIGURES: dict[str, Callable[[odds.Pack], Fraction]] = {
    "opening_pair": lambda pack: odds.opening_pair(pack),
    "bank_wins": lambda pack: odds.bank_wins(pack),
    "players_win": lambda pack: odds.players_win(pack),
    "bank_edge": lambda pack: odds.bank_edge(pack),
    "cards_after_two": lambda pack: odds.expected_cards_after_two(pack),
    "cards_per_deal": lambda pack: odds.expected_cards_per_deal(pack),
}
COUNTS = ("cards_after_two", "cards_per_deal")  # numbers of cards, not shares
SIM_DEALS = 10_000  # the simulation drawn at build time, and the form's defaults
SIM_SEED = 1
SIM_MAX = MAX_DEALS  # the most deals the page asks the browser's engine for (its bridge's most)
PROJECTED_SIM = "lq-sim-chart-projected"  # the simulation's chart drawn for the room (web.py: the same id)
CHART_LABELS = ("title", "desc", "x", "y", "observed", "expected", "band")
LENGTH_LABELS = ("title", "desc", "x", "y", "mean", "pair", "decided", "bar", "tiny")


def figure(key: str, pack: odds.Pack, lang: str, form: str = "approx") -> str:
    """One figure of ``pack`` as text in ``lang``.

    >>> figure("bank_wins", odds.ONE_PACK, "fr"), figure("bank_edge", odds.ONE_PACK, "en", "")
    ('9/17 ≈ 52,9\u202f%', '1/17')
    >>> figure("cards_after_two", odds.ONE_PACK, "fr"), figure("cards_per_deal", odds.ONE_PACK, "en", "decimal")
    ('51/7 ≈ 7,29', '6.86')
    >>> figure("bank_wins", odds.ONE_PACK, "en", "percent")
    '52.9%'
    """
    value = FIGURES[key](pack)
    count = key in COUNTS
    if form == "":
        return str(value)
    if form == "percent" and not count:
        return chart.percent(float(value), lang)
    if form == "decimal":
        return chart.number(float(value), lang, 2)
    if form in ("approx", "mean"):
        return chart.fraction(value, lang, 2 if count else 1, share=not count)
    raise KeyError(form)


def _ident(caption: str) -> str:
    """The id of a table, from its caption (as written in the page): one caption, one table."""
    return "lq-table-" + hashlib.sha256(escape(caption).encode("utf-8")).hexdigest()[:8]


def _odds() -> Any:
    """The macros of ``templates/odds.html``."""
    return macros("odds.html")


def _words(lang: str, words: Words) -> Callable[..., str]:
    return lambda key, **params: words(lang, key, **params)


def _cell(key: str, pack: odds.Pack, lang: str) -> tuple[str, str]:
    """A figure for a table cell: the exact value, and its approximate value (none for a
    whole number)."""
    value = FIGURES[key](pack)
    if value.denominator == 1:
        return str(value), ""
    return str(value), figure(key, pack, lang).split(" ", 1)[1]  # "≈ 52,9 %"


def figures_html(lang: str, words: Words, pack: odds.Pack = odds.ONE_PACK) -> str:
    """The rules' figures (``pack``: the rules' own, R-P1), one row each."""
    rows = []
    for key, compute in FIGURES.items():
        value = compute(pack)
        approx = (
            chart.number(float(value), lang, 2) if key in COUNTS else chart.percent(float(value), lang, 1)
        )
        rows.append((key, str(value), approx))
    ident = _ident(words(lang, "odds.figures.caption"))
    return str(_odds().figures(_words(lang, words), ident, rows))


def _labels(lang: str, words: Words, prefix: str, keys: tuple[str, ...]) -> dict[str, str]:
    """A chart's words, raw (its ``{placeholders}`` are the chart's to fill); a counted
    one in each of its forms (``desc.0``, ``desc.1``…: the chart picks)."""
    catalogue = words.catalogue(lang)
    names = (name for key in keys for name in words.entries(lang, f"{prefix}.{key}"))
    return {name.removeprefix(prefix + "."): catalogue[name] for name in names}


def distribution_html(lang: str, words: Words, pack: odds.Pack = odds.ONE_PACK) -> str:
    """The length of a deal: the bar chart, then its exact table (the text equivalent)."""
    labels = _labels(lang, words, "odds.length", LENGTH_LABELS)
    # The page's chart, and the same bars drawn for the room (shown in the class view's
    # frame: odds.css), each with its own ids.
    svg = chart.length_chart(pack, lang, labels, ident="lq-length") + chart.length_chart(
        pack, lang, labels, ident="lq-length-projected", layout=chart.PROJECTED
    )
    rows, total = [], Fraction(0)
    for k, p in odds.length_distribution(pack):
        total += p
        share = chart.bar_share(p, lang, labels)  # the same words as the bar's own
        at_most = chart.percent(float(total), lang, 2) if total < 1 else chart.percent(1, lang, 0)
        rows.append((k, chart.number(k, lang), str(p), share, at_most))
    ident = _ident(words(lang, "odds.length.caption"))
    return str(_odds().distribution(_words(lang, words), ident, Markup(svg), rows))


def packs_html(lang: str, words: Words, packs: tuple[odds.Pack, ...] = odds.PACKS) -> str:
    """The same figures for other packs, labelled: not these rules (R-P1)."""
    columns = ("opening_pair", "bank_wins", "bank_edge", "cards_after_two", "cards_per_deal")
    rows = [
        (
            pack.name,
            chart.number(pack.cards, lang),
            pack.these_rules,
            [_cell(key, pack, lang) for key in columns],
        )
        for pack in packs
    ]
    ident = _ident(words(lang, "odds.packs.caption"))
    return str(_odds().packs(_words(lang, words), ident, columns, rows))


def presets_html(page: PageContext) -> str:
    """The five rule sets the play page plays (V-R3): the chance of an opening pair, the
    bank's edge per counter covered, a stake's chance to win and its expected change per
    counter as the coach says them (:func:`lansquenet.odds.move_odds`), and the link that
    plays each."""
    lang, words = page.lang, page.words
    rows = []
    for preset in PRESETS:
        stake = preset.coach["stake"] or {}
        cells = [
            (str(value), chart.fraction(value, lang).split(" ", 1)[1] if value.denominator != 1 else "")
            for value in (odds.opening_pair(preset.pack), preset.edge, Fraction(stake["win"]))
        ]
        rows.append(
            (
                preset.name,
                words(lang, "variants.name." + preset.name),
                words(lang, "play.rules.source." + preset.name),
                chart.number(preset.pack.cards, lang),
                cells,
                page.link(play_link(preset.name)),
            )
        )
    ident = _ident(words(lang, "odds.presets.caption"))
    return str(_odds().presets(_words(lang, words), ident, rows))


def games_html(page: PageContext) -> str:
    """The games side by side (:mod:`lansquenet.games`, every entry): each game's name,
    when and by whom it is described, how it is played, and the figure its entry names
    (:meth:`lansquenet.games.Game.edge_value`: the bank's edge per counter covered, the
    holder's gain over a whole hand in F), computed now, exact and as a percentage, said
    in the game's words (``games.edge.<id>``, which may name the figure's arguments),
    and the link that plays it (the standard game for the default one)."""
    lang, w = page.lang, page.w
    rows = []
    for game in games.GAMES:
        value = game.edge_value()
        approx = chart.percent(float(value), lang, 1)
        played = game.presets[0].id if game.presets else game.id  # "#rules=": a preset's or a game's id
        rows.append(
            (
                game.id,
                w("games.name." + game.id),
                w("games.when." + game.id),
                w("games.how." + game.id),
                str(value),
                "≈ " + approx,
                w("games.edge." + game.id, exact=str(value), percent=approx, **game.edge[1]),
                page.link(play_link(played)),
            )
        )
    ident = _ident(w("games.caption"))
    return str(_odds().games(_words(lang, page.words), ident, rows))


SUMMARY = ("summary", "details")  # the sentences under the chart: odds.sim.summary, ...


def summary(
    lang: str, words: Words, sim: Mapping[str, Any], pack: odds.Pack = odds.ONE_PACK
) -> tuple[str, str]:
    """The two sentences under the chart (``sim``: a simulation's JSON of ``pack``): the
    bank's share against the exact figure, then the opening pairs and the cards turned,
    written by the engine (:func:`lansquenet.chart.summary`) as the browser's are."""
    first, second = chart.summary(sim, lang, _labels(lang, words, "odds.sim", SUMMARY), _expected(pack, lang))
    return first, second


def _expected(pack: odds.Pack, lang: str) -> dict[str, str]:
    return {
        "share": figure("bank_wins", pack, lang),
        "pair": figure("opening_pair", pack, lang),
        "mean": figure("cards_per_deal", pack, lang),
    }


@cache
def built_simulation(pack: odds.Pack) -> dict[str, Any]:
    """The simulation drawn at build time (``SIM_DEALS`` deals of ``pack``, seed
    ``SIM_SEED``), as JSON: the same for every language, so computed once."""
    found: dict[str, Any] = odds.simulation_json(odds.simulate(SIM_DEALS, SIM_SEED, pack=pack))
    return found


def simulation_html(page: PageContext, variants: bool = False) -> str:
    """The simulation: form, status, and the chart of one run computed at build time;
    with ``variants``, a choice of variant, the first drawn at build time
    (``templates/simulation.html``)."""
    lang, words = page.lang, page.words
    pack = odds.VARIANTS[0].pack if variants else odds.ONE_PACK
    sim = built_simulation(pack)
    labels = _labels(lang, words, "odds.chart", CHART_LABELS)
    data: dict[str, Any] = {
        "words": {k: v for k, v in sorted(words.catalogue(lang).items()) if k.startswith("odds.sim.")},
        "chart": labels,
        "summary": _labels(lang, words, "odds.sim", SUMMARY),
        "max": SIM_MAX,
        "expected": _expected(pack, lang),
    }
    if variants:
        data["variants"] = {v.name: _expected(v.pack, lang) for v in odds.VARIANTS}
    return page.partial(
        "simulation.html",
        w=lambda key, **params: words(lang, key, **params),
        lang=lang,
        plural=json_text(words.plural(lang).json()),
        wheel_url=page.wheel_url,
        data=Markup(json_script("lq-odds-data", data)),
        svg=Markup(chart.share_chart(sim, lang, labels, ident="lq-sim-chart")),
        projected=Markup(chart.share_chart(sim, lang, labels, ident=PROJECTED_SIM, layout=chart.PROJECTED)),
        summary=summary(lang, words, sim, pack),
        share=repr(sim["bank_share"]["float"]),
        variants=[(v.name, words(lang, "variants.name." + v.name)) for v in odds.VARIANTS]
        if variants
        else [],
        deals=SIM_DEALS,
        origin=words.count(
            lang, "odds.sim.built", SIM_DEALS, deals=chart.number(SIM_DEALS, lang), seed=SIM_SEED
        ),
        seed=SIM_SEED,
        max=SIM_MAX,
        max_text=chart.number(SIM_MAX, lang),
    )


def preset_spelt(spelt: str) -> str:
    """The id of the preset (:mod:`lansquenet.games`) whose rules ``spelt`` writes as the
    play page's "#rules=" does (``PACKSxCARDS``, ``.half``, ``.left``): a page names a
    preset by its rules, never by its id.

    >>> preset_spelt("6x52") == PRESETS[2].name, preset_spelt("1x52") == PRESETS[0].name
    (True, True)
    >>> preset_spelt("3x32")
    Traceback (most recent call last):
    mkdocs.exceptions.PluginError: variants: no preset plays 3x32
    """
    found = SPELT.fullmatch(spelt)
    if found is None:
        raise PluginError(f"variants: {spelt!r} is not rules written as PACKSxCARDS[.half][.left]")
    flags = found[3].split(".")
    wanted = (
        int(found[1]),
        found[2],
        "1/2" if "half" in flags else "1",
        "left" if "left" in flags else "right",
    )
    for each in PRESETS:
        if each.rules.parameters() == wanted:
            return each.name
    raise PluginError(f"variants: no preset plays {spelt}")


def _variant_token(match: re.Match[str], page: PageContext) -> str:
    key, lang = match["key"], page.lang
    preset = PRESETS[0].name if match["name"] else preset_spelt(match["spelt"])
    standard = preset == PRESETS[0].name
    if key == "id":  # the preset's id: a link's or a row's (data-variant, #rules=)
        return preset
    if key == "play":  # the link that plays it (the play page's "#rules=", V-R3)
        label = page.w("variants.name." + preset)
        return str(_odds().play_link(page.w, page.link(play_link(preset)), label))
    v = RULES if standard else odds.variant(preset)
    figures = odds.variant_figures(v)
    if key not in figures:
        raise PluginError(f"variants: no figure {key!r} (one of id, play, {', '.join(figures)})")
    value = figures[key]
    count = key in COUNTS
    approx = chart.number(float(value), lang, 2) if count else chart.percent(float(value), lang, 1)
    return str(_odds().variant_figure(key, str(value), approx))


def _token(match: re.Match[str], lang: str, pack: odds.Pack) -> str:
    key, form = match["key"], match["form"] or ""
    if key not in FIGURES:
        raise PluginError(f"odds: no figure {key!r} (one of {', '.join(FIGURES)})")
    try:
        return figure(key, pack, lang, form)
    except KeyError:
        raise PluginError(f"odds: no form {form!r} for {key!r} (percent, approx, decimal, mean)") from None


def render_odds(markdown: str, page: PageContext, pack: odds.Pack = odds.ONE_PACK) -> str:
    """Replace the page's odds fences and ``{{ odds.* }}`` figures; ``pack`` the pack
    whose figures the ``figures`` and ``distribution`` parts and the prose's figures
    show (the rules' own, R-P1; another only to check that the page follows the engine)."""
    found = {match["kind"].removeprefix("lansquenet-") for match in FENCE.finditer(markdown)}
    if not found and not TOKEN.search(markdown) and not VARIANT_TOKEN.search(markdown):
        return markdown
    lang, words, top = page.lang, page.words, page.root

    def one(match: re.Match[str]) -> str:
        if match["kind"] == "lansquenet-simulation":
            html = simulation_html(page, variants=match["body"].strip() == "variants")
        else:
            part = match["body"].strip() or "figures"
            if part == "figures":
                html = figures_html(lang, words, pack)
            elif part == "distribution":
                html = distribution_html(lang, words, pack)
            elif part == "packs":
                html = packs_html(lang, words)
            elif part == "presets":
                html = presets_html(page)
            elif part == "games":
                html = games_html(page)
            else:
                raise PluginError(
                    f"lansquenet-odds fence: no part {part!r} (figures, distribution, packs, presets, games)"
                )
        # Kept aside until the page is built (render.keep): every part is out of the
        # search index (data-search-exclude), and Markdown never parses its tables and
        # charts (on the odds page, most of its Markdown's time: benchmarks figure 6).
        return "\n" + keep(html, page.stash) + "\n"

    markdown = FENCE.sub(one, markdown)
    markdown = TOKEN.sub(lambda match: _token(match, lang, pack), markdown)
    markdown = VARIANT_TOKEN.sub(lambda match: _variant_token(match, page), markdown)
    tags = macros("tags.html")
    if found:
        markdown += f"\n\n{tags.stylesheet(top + 'assets/css/odds.css')}\n"
    if "simulation" in found:
        markdown += f"{tags.module(top + 'assets/js/odds.js')}\n"
    return markdown
