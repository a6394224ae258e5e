"""The lessons page: a ```` ```lansquenet-lessons ```` fence rendered at build time.

Every lesson of the engine (:mod:`lansquenet.lessons`) becomes a section with
``data-lesson="<id>"``: its title, its introduction, a link to the rule it teaches, the
table at its first question (the engine's diagram), what has happened so far, the
question and its choices (a move's with its odds, the engine's, shown on demand:
``data-action="odds"``), and its solution (the expected answers and the rule to
remember, in a ``<details>``), so that the page reads whole without JavaScript. The
page's script (``assets/js/learn.js``) enables the choices and asks the engine, in the
worker (the ``lesson`` op of ``lansquenet.web``), to judge each answer.

Words: ``locales/<lang>/site.po`` (keys ``learn.*``) for the page, the engine's
catalogue for the lessons themselves.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from lansquenet import lessons
from lansquenet.diagram import diagram

from . import render
from .markup import fence, json_script
from .page import PageContext

FENCE = fence("lansquenet-lessons")


def anchor(lesson_id: str, page: PageContext) -> str:
    """The id of a lesson's section, in the page's language (``learn.anchor``:
    ``#lecon-cover``, ``#lesson-cover``)."""
    return f"{page.words(page.lang, 'learn.anchor')}-{lesson_id}"


def _choices(question: dict[str, Any], ident: str) -> str:
    """The choices' buttons; a choice that is a move carries its odds, the engine's
    (``data-odds``: ``odds`` and ``odds_text``), which learn.js shows on demand."""
    odds = question.get("odds") or [None] * len(question["choices"])
    buttons = "".join(
        f'<button type="button" class="md-button" data-choice="{i}"'
        + (f' data-odds="{escape(json.dumps(odds[i], ensure_ascii=False))}"' if odds[i] else "")
        + f" disabled>{escape(label)}</button>"
        for i, label in enumerate(question["choices"])
    )
    return f'<div class="lq-choices" role="group" aria-labelledby="{ident}-ask">{buttons}</div>'


def story_items(steps: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The story as numbered items: each event's sentence, with the reason a computer
    player gave for it (the ``computer`` step just before it), so that a move is one
    line, never two. learn.js groups the steps a right answer brings the same way.

    >>> said = {"event": {"code": "computer"}, "text": "Anne bets 5: why."}
    >>> story_items([{"event": {"code": "x"}, "text": "Start."}, said, {"event": {"code": "staked"}, "text": "Anne stakes 5."}])
    [('Start.', ''), ('Anne stakes 5.', 'Anne bets 5: why.')]
    """
    items: list[tuple[str, str]] = []
    reason = ""
    for step in steps:
        if step["event"]["code"] == "computer":
            reason = step["text"]
            continue
        items.append((step["text"], reason))
        reason = ""
    if reason:
        items.append((reason, ""))
    return items


def _story(steps: list[dict[str, Any]]) -> str:
    """The narrated steps; a computer player's reason in its move's item (``lq-said``)."""
    return "".join(
        f"<li>{escape(text)}"
        + (f' <span class="lq-said">{escape(reason)}</span>' if reason else "")
        + "</li>"
        for text, reason in story_items(steps)
    )


def lesson_html(lesson: lessons.Lesson, number: int, page: PageContext) -> str:
    """One lesson's section, at its first question, with its solution."""
    lang, w = page.lang, page.w
    ident = anchor(lesson.id, page)
    opening = lessons.run(lesson, [], lang)
    question = opening["question"]
    path = lessons.expected_path(lesson)
    solution = []
    for k, index in enumerate(path):
        asked = lessons.run(lesson, path[:k], lang)["question"]
        solution.append(
            f"<li>{escape(asked['ask'])} <strong>{w('learn.expected', choice=asked['choices'][index])}</strong></li>"
        )
    title = lessons.words(lesson, "title", lang)
    rule = ""
    if lesson.rule:
        rule = f'<p class="lq-rule"><a href="{page.link(lesson.rule + "/")}">{w("learn.rule")}</a></p>'
    summary = escape(lessons.words(lesson, "summary", lang))
    said = opening["steps"][-1]["say"] if opening["steps"] else None  # the croupier's (croupier.js)
    return (
        f'<section class="lq-lesson" id="{ident}" data-lesson="{lesson.id}" data-state="idle" data-projector'
        f' data-say="{escape(json.dumps(said, ensure_ascii=False))}" aria-labelledby="{ident}-title">'
        f'<h2 id="{ident}-title">{number}. {escape(title)}'
        f' <span class="lq-done-mark" hidden>{w("learn.done")}</span></h2>'
        f'<p class="lq-intro">{escape(lessons.words(lesson, "intro", lang))}</p>{rule}'
        f'<p class="lq-lesson-tools">{render.projector_button(lang, page.words)}'
        f' <button type="button" class="md-button lq-toggle" data-action="odds" aria-pressed="false" hidden>'
        f"{w('play.odds.show')}</button>"
        f' <button type="button" class="md-button" data-action="keys" aria-haspopup="dialog" aria-controls="lq-keys">'
        f"{w('play.keys')}</button></p>"
        f'<div class="lq-lesson-body"><div class="lq-figure">{diagram(opening["state"], lang)}</div>'
        f'<div class="lq-lesson-play"><h3 class="lq-story-title">{w("learn.story")}</h3>'
        f'<ol class="lq-story">{_story(opening["steps"])}</ol>'
        f'<div class="lq-question"><p class="lq-ask" id="{ident}-ask">{escape(question["ask"])}</p>'
        f"{_choices(question, ident)}"
        f'<p class="lq-feedback" role="status" aria-live="polite"></p></div>'
        f'<div class="lq-summary" tabindex="-1" hidden><p><strong>{w("learn.remember")}</strong>'
        f' <span class="lq-summary-text"></span></p>'
        f'<button type="button" class="md-button" data-act="again">{w("learn.again")}</button></div>'
        f"</div></div>"
        f'<details class="lq-solution"><summary>{w("learn.solution")}</summary>'
        f"<ol>{''.join(solution)}</ol><p><strong>{w('learn.remember')}</strong> {summary}</p>"
        f"</details></section>"
    )


def keys_dialog(page: PageContext) -> str:
    """The croupier's keys (croupier.js), listed as on the play page (partials/play.html)."""
    w = page.w
    keys = (("l", "L"), ("t", "T"), ("m", "M"), ("o", "O"), ("s", "S"), ("help", "?"))
    listed = "".join(f"<dt><kbd>{name}</kbd></dt><dd>{w('play.keys.' + key)}</dd>" for key, name in keys)
    return (
        f'<dialog class="lq-keys-dialog" id="lq-keys" aria-labelledby="lq-keys-title">'
        f'<h3 id="lq-keys-title">{w("play.keys.title")}</h3><p>{w("play.keys.intro")}</p>'
        f'<dl class="lq-keys-list">{listed}</dl><p><button type="button" class="md-button md-button--primary"'
        f" data-close>{w('play.keys.close')}</button></p></dialog>"
    )


def page_html(page: PageContext) -> str:
    """Every lesson, the list of lessons, the progress line and the page's script."""
    lang, w, root = page.lang, page.w, page.root
    page_words = {
        k: v
        for k, v in page.words.catalogue(lang).items()
        if k.startswith(("learn.", "play.odds.", "play.keys", "play.croupier."))
    }
    listed = "".join(
        f'<li><a href="#{anchor(lesson.id, page)}">{escape(lessons.words(lesson, "title", lang))}</a>'
        f' <span class="lq-done-mark" data-lesson-mark="{lesson.id}" hidden>{w("learn.done")}</span></li>'
        for lesson in lessons.lessons()
    )
    sections = "".join(
        lesson_html(lesson, number, page) for number, lesson in enumerate(lessons.lessons(), 1)
    )
    total = len(lessons.lessons())
    return (
        f'<link rel="stylesheet" href="{root}assets/css/learn.css">'
        f'<link rel="stylesheet" href="{root}assets/css/odds-view.css">'
        f'<div class="lq-learn" id="lq-learn" data-lq-wheel="{escape(page.wheel_url)}" data-lang="{lang}">'
        f"{json_script('lq-learn-words', page_words)}"
        f'<noscript><p class="lq-refusal">{w("learn.noscript")}</p></noscript>'
        f'<p class="lq-learn-status" id="lq-status" role="status" aria-live="polite" data-status="idle"></p>'
        f'<p class="lq-live" id="lq-announce" aria-live="polite"></p>{keys_dialog(page)}'
        f'<p class="lq-progress" id="lq-progress" data-total="{total}">'
        f"{w('learn.progress', done=0, total=total)}</p>"
        f'<nav aria-label="{w("learn.list")}"><ol class="lq-lesson-list">{listed}</ol></nav>'
        f"{sections}</div>"
        f'<script type="module" src="{root}assets/js/learn.js"></script>'
    )


def render_learn(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-lessons`` fence with the lessons (kept in the
    page's stash until the page is built, like the scenarios: see :func:`render.keep`)."""

    def one(match: re.Match[str]) -> str:
        return "\n" + render.keep(page_html(page), page.stash) + "\n"

    return FENCE.sub(one, markdown)
