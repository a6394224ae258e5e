"""The play page's skeleton: a ```` ```lansquenet-play ```` fence rendered at build time.

The fence becomes the page's controls with their labels in the page's language, the
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

from html import escape

from .markup import fence
from .markup import json_text as _json_script
from .page import PageContext
from .render import keep
from .wheel import Wheel
from .words import Words

FENCE = fence("lansquenet-play")
# Words play.js reads from the page (besides every play.* entry).
SHARED = ("stepper.", "steps.")
PACES = (("slow", 1500), ("normal", 700), ("instant", 0))  # a computer player's pause, in ms


def page_words(words: Words, lang: str) -> dict[str, str]:
    """The words the page's script needs, raw (``{placeholders}`` left for the script)."""
    return {k: v for k, v in sorted(words.catalogue(lang).items()) if k.startswith(("play.", *SHARED))}


def skeleton(lang: str, words: Words, root: str, wheel: Wheel) -> str:
    """The play page's HTML: set-up form, turn, step viewer, ledger, tools."""

    def w(key: str) -> str:
        return escape(words(lang, key))

    def button(action: str, key: str) -> str:
        return f'<button type="button" class="md-button" data-act="{action}">{w(key)}</button>'

    def field(ident: str, key: str, control: str, hint: str = "", tag: str = "p") -> str:
        described = f'<span class="lq-hint" id="{ident}-hint">{w(hint)}</span>' if hint else ""
        return f'<{tag}><label for="{ident}">{w(key)}</label>{control}{described}</{tag}>'

    def entry(ident: str, attrs: str, described_by: str = "") -> str:
        described = f' aria-describedby="{described_by}"' if described_by else ""
        return f'<input id="{ident}" autocomplete="off" {attrs}{described}>'

    def table(ident: str, heads: list[str], caption: str = "") -> str:
        cells = "".join(f'<th scope="col">{w(h)}</th>' for h in heads)
        caption = f"<caption>{w(caption)}</caption>" if caption else ""
        return f'<table id="{ident}">{caption}<thead><tr>{cells}</tr></thead><tbody></tbody></table>'

    steppers = "".join(
        f'<button type="button" class="md-button" data-go="{key}">{w("stepper." + key)}</button>'
        for key in ("first", "previous", "next", "last")
    )
    decks = (
        '<textarea id="lq-decks" rows="3" spellcheck="false" autocomplete="off"'
        ' aria-describedby="lq-decks-hint"></textarea>'
    )
    wheel_url = f"{root}assets/wheels/{wheel.filename}?v={wheel.sha256[:16]}"
    # The default table, written as play.js writes it: the form is there, at its full
    # size, from the first paint, and nothing moves when the script takes it over.
    names = [name.strip() for name in words(lang, "play.default_names").split(",")][:3]
    name_rows = "".join(
        f'<li><label for="lq-name-{n}">{escape(words(lang, "play.player_n", n=n))}</label>'
        f'<input type="text" autocomplete="off" spellcheck="false" maxlength="20" id="lq-name-{n}" value="{escape(name)}">'
        f'<button type="button" class="md-button lq-remove" data-act="remove-player"'
        f' aria-label="{escape(words(lang, "play.remove_player", n=n))}">×</button></li>'
        for n, name in enumerate(names, 1)
    )
    banker_options = "".join(f'<option value="{i}">{escape(name)}</option>' for i, name in enumerate(names))
    parts = [
        # Before the controls, so that they are first painted with their own styles.
        f'<link rel="stylesheet" href="{root}assets/css/play.css">',
        f'<div class="lq-play" id="lq-play" lang="{lang}" data-lq-wheel="{escape(wheel_url)}">',
        f'<script type="application/json" id="lq-words">{_json_script(page_words(words, lang))}</script>',
        f'<noscript><p class="lq-refusal">{w("play.noscript")}</p></noscript>',
        # Loading Python: visible progress, announced politely.
        '<div class="lq-loading" id="lq-loading">',
        f'<progress id="lq-progress" max="3" value="0" aria-label="{w("play.loading.label")}"></progress>',
        f'<p id="lq-status" role="status" aria-live="polite" data-status="idle">{w("play.loading.idle")}</p>',
        "</div>",
        '<p class="lq-refusal" id="lq-link-error" role="alert" hidden></p>',
        # The quick game: the reader and three computer players, at once (play.js).
        (
            f'<p class="lq-quick"><button type="button" class="md-button md-button--primary" data-act="quick"'
            f' aria-describedby="lq-quick-hint" disabled>{w("play.quick")}</button>'
            f' <span class="lq-hint" id="lq-quick-hint">{w("play.quick_hint")}</span></p>'
        ),
        # The table.
        # Shown from the start (hidden by play.css when scripts cannot run), its button
        # enabled by play.js.
        '<form class="lq-setup" id="lq-setup" novalidate>',
        f"<h2>{w('play.setup.title')}</h2>",
        f'<fieldset><legend>{w("play.players")}</legend><ol class="lq-names" id="lq-names">{name_rows}</ol>',
        button("add-player", "play.add_player"),
        '</fieldset><div class="lq-fields">',
        field("lq-balance", "play.balance", entry("lq-balance", 'inputmode="numeric" value="100"')),
        field(
            "lq-banker",
            "play.first_banker",
            f'<select id="lq-banker"><option value="">{w("play.random")}</option>{banker_options}</select>',
        ),
        field("lq-finish", "play.finish_after", entry("lq-finish", 'type="number" min="1" step="1"')),
        field(
            "lq-seed",
            "play.seed",
            entry("lq-seed", 'type="number" step="1"', "lq-seed-hint"),
            "play.seed_hint",
        ),
        "</div>",
        field("lq-decks", "play.decks", decks, "play.decks_hint").replace("<p>", '<p class="lq-decks">', 1),
        '<p class="lq-refusal" id="lq-setup-refusal" role="alert" hidden></p>',
        f'<p><button type="submit" class="md-button md-button--primary" disabled>{w("play.start")}</button></p>',
        "</form>",
        # The session.
        '<section class="lq-game" id="lq-game" hidden aria-labelledby="lq-game-title">',
        f'<h2 id="lq-game-title" tabindex="-1">{w("play.game.title")}</h2>',
        # Which seats are the reader's, in a game with computer players (computer.js).
        '<p class="lq-seat" id="lq-seat" hidden></p>',
        # While the engine works: said, and the controls are off until it answers.
        f'<p class="lq-busy" id="lq-busy" role="status" hidden>{w("play.busy")}</p>',
        '<form class="lq-turn" id="lq-turn" novalidate><fieldset><legend id="lq-turn-text"></legend>',
        '<p class="lq-situation" id="lq-situation"></p>',
        field(
            "lq-amount", "play.amount", entry("lq-amount", 'inputmode="numeric"', "lq-move-refusal")
        ).replace("<p>", '<p class="lq-amount" id="lq-amount-box">', 1),
        '<p class="lq-hint" id="lq-amount-range" hidden></p>',
        f'<p class="lq-presets" id="lq-presets" aria-label="{w("play.presets")}"></p>',
        '<p class="lq-moves" id="lq-moves"></p>',
        '<p class="lq-hint lq-move-help" id="lq-move-help"></p>',
        '<p class="lq-refusal" id="lq-move-refusal" role="alert" hidden></p>',
        '<p class="lq-said" id="lq-said" hidden></p>',
        "</fieldset></form>",
        '<div class="lq-over" id="lq-over" hidden>',
        f'<h3 id="lq-standings-title" tabindex="-1">{w("play.finished")} {w("play.standings")}</h3>',
        table("lq-standings", ["play.place", "steps.player", "steps.counters"]),
        "</div>",
        f'<p class="lq-tools">{button("undo", "play.undo")}{button("end", "play.end")}{button("new-table", "play.new_table")}</p>',
        f'<p class="lq-pace"><label for="lq-pace">{w("play.pace")}</label> <select id="lq-pace">'
        + "".join(f'<option value="{ms}">{w("play.pace." + key)}</option>' for key, ms in PACES)
        + "</select></p>",
        f'<section class="lq-view" id="lq-view" aria-label="{w("play.view")}"><h3>{w("play.view")}</h3>',
        f'<div class="lq-controls">{steppers}<span class="lq-counter" id="lq-counter" aria-live="polite"></span></div>',
        '<p class="lq-text"><span id="lq-step-text"></span> <span id="lq-step-cards"></span></p>',
        '<p class="lq-result" id="lq-result" hidden></p>',
        '<div class="lq-body"><div class="lq-figure" id="lq-figure"></div>',
        table("lq-balances", ["steps.player", "steps.counters"], "steps.balances").replace(
            "<table ", '<table class="lq-balances" ', 1
        ),
        "</div></section>",
        f'<h3 id="lq-journal-title">{w("play.journal")}</h3>',
        # A scrolling list: focusable, so that the keyboard scrolls it too.
        '<ol class="lq-journal" id="lq-journal" tabindex="0" aria-labelledby="lq-journal-title"></ol>',
        f"<h3>{w('play.ledger')}</h3>",
        '<div class="lq-ledger-box"><table class="lq-ledger" id="lq-ledger"><thead></thead><tbody></tbody></table></div>',
        f'<p class="lq-empty" id="lq-ledger-empty">{w("play.ledger.empty")}</p>',
        f'<h3>{w("play.tools")}</h3><p class="lq-tools">',
        button("export-json", "play.export_json") + button("export-csv", "play.export_csv"),
        f'<a id="lq-permalink" class="md-button" href="#" aria-describedby="lq-copied">{w("play.permalink")}</a></p>',
        '<p class="lq-hint" id="lq-copied" role="status"></p>',
        "</section>",
        '<p class="lq-live" id="lq-announce" aria-live="polite"></p>',
        "</div>",
        f'<script type="module" src="{root}assets/js/play.js"></script>',
    ]
    return "\n".join(parts)


def render_play(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-play`` fence (if any) with the play skeleton (the
    wheel's digest goes into the page). With the page's stash, the skeleton is kept
    there until the page is built (:func:`render.keep`): its labels and buttons are not
    prose, and stay out of the search index."""
    if not FENCE.search(markdown):
        return markdown
    if page.wheel is None:
        raise ValueError("the play page needs the engine's wheel (PageContext.wheel)")
    html = skeleton(page.lang, page.words, page.root, page.wheel)
    return FENCE.sub(lambda _: "\n" + keep(html, page.stash) + "\n", markdown)
