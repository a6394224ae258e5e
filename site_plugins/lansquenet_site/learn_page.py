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
from typing import Any

from markupsafe import Markup

from lansquenet import lessons
from lansquenet.diagram import diagram

from . import render
from .markup import fence, json_text
from .page import PageContext

FENCE = fence("lansquenet-lessons")


def anchor(lesson_id: str, page: PageContext) -> str:
    """The id of a lesson's section, in the page's language (``learn.anchor``:
    ``#lecon-cover``, ``#lesson-cover``)."""
    return f"{page.words(page.lang, 'learn.anchor')}-{lesson_id}"


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


def lesson_data(lesson: lessons.Lesson, number: int, page: PageContext) -> dict[str, Any]:
    """What ``templates/lessons.html`` shows of one lesson, at its first question, with
    its solution; a choice that is a move carries its odds, the engine's (``odds``,
    ``odds_text`` and ``odds_short``), which learn.js shows on demand."""
    lang = page.lang
    opening = lessons.run(lesson, [], lang)
    question = opening["question"]
    path = lessons.expected_path(lesson)
    solution = []
    for k, index in enumerate(path):
        asked = (opening if k == 0 else lessons.run(lesson, path[:k], lang))["question"]  # replayed once
        solution.append((asked["ask"], asked["choices"][index]))
    odds = question.get("odds") or [None] * len(question["choices"])
    return {
        "id": lesson.id,
        "ident": anchor(lesson.id, page),
        "number": number,
        "title": lessons.words(lesson, "title", lang),
        "intro": lessons.words(lesson, "intro", lang),
        "rule": page.link(lesson.rule + "/") if lesson.rule else "",
        "diagram": Markup(diagram(opening["state"], lang)),
        "story": story_items(opening["steps"]),
        # The croupier's sentences of the opening table (croupier.js)
        "say": json.dumps(opening["steps"][-1]["say"] if opening["steps"] else None, ensure_ascii=False),
        "ask": question["ask"],
        "choices": [
            (label, json.dumps(odds[i], ensure_ascii=False) if odds[i] else "")
            for i, label in enumerate(question["choices"])
        ],
        "solution": solution,
        "summary": lessons.words(lesson, "summary", lang),
    }


def page_html(page: PageContext) -> str:
    """Every lesson, the list of lessons, the progress line, the page's words (``#lq-words``:
    learn.js's, and the projector's vote, projector.js) and its script
    (``templates/lessons.html``)."""
    page_words = {
        k: v
        for k, v in page.words.catalogue(page.lang).items()
        if k.startswith(("learn.", "play.odds.", "play.keys", "play.croupier.", "play.vote."))
    }
    return page.partial(
        "lessons.html",
        root=page.root,
        lang=page.lang,
        wheel_url=page.wheel_url,
        words_json=json_text(page_words),
        w=page.w,
        lessons=[lesson_data(lesson, number, page) for number, lesson in enumerate(lessons.lessons(), 1)],
    )


def render_learn(markdown: str, page: PageContext) -> str:
    """Replace the page's ``lansquenet-lessons`` fence with the lessons (kept in the
    page's stash until the page is built, like the scenarios: see :func:`render.keep`)."""

    def one(match: re.Match[str]) -> str:
        return "\n" + render.keep(page_html(page), page.stash) + "\n"

    return FENCE.sub(one, markdown)
