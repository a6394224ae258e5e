"""French typography for the French pages: a narrow no-break space (U+202F) before
``; ? !``, a no-break space (U+00A0) before ``:`` and inside « », and the typographic
apostrophe (’) between letters.

:func:`fix` corrects a piece of text; :func:`fix_html` corrects the text of an HTML page
and leaves alone what is not prose: tags and their attributes (URLs included), the
content of ``code``, ``pre``, ``kbd``, ``samp``, ``script``, ``style`` and ``textarea``
(card codes and moves are written in code), and the engine's table drawings (their
words are its catalogues', right at the source). :func:`faults` counts what is still wrong,
for the tests. The catalogues (``locales/fr/*.po``) are kept right at the source, since
the browser's engine reads them too; a test checks them with :func:`faults`.

>>> fix("Bank 12 ; B couvre 5 : les pontes gagnent ! L'as ?")
'Bank 12\u202f; B couvre 5\u00a0: les pontes gagnent\u202f! L’as\u202f?'
>>> fix("« Je passe »"), fix("10:30, https://example.org/?a=1")
('«\u00a0Je passe\u00a0»', '10:30, https://example.org/?a=1')
>>> fix_html('<!doctype html><p title="a : b">Voir <code>d\\'abord ; x</code> : l\\'as</p>')
'<!doctype html><p title="a : b">Voir <code>d\\'abord ; x</code>\u00a0: l’as</p>'
>>> faults("Voir : l'as ; « oui »"), faults(fix("Voir : l'as ; « oui »"))
(5, 0)
>>> fix_html('<p>Oui ? <span lang="en">Yes? <b>No</b>: <span>it is</span>!</span> Non !</p>')
'<p>Oui ? <span lang="en">Yes? <b>No</b>: <span>it is</span>!</span> Non !</p>'
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

__all__ = ["FRENCH", "faults", "fix", "fix_html", "is_french", "prose"]

# The language this typography is French's: its code, and its regional variants
# (fr-CA, fr-CH). The one place the site's code names a language.
FRENCH = "fr"

NBSP = "\u00a0"
NNBSP = "\u202f"
LETTER = r"[^\W\d_]"
# Where a ; ? ! : ends as punctuation: the end of the text, a space, or a closing sign.
AFTER = r"(?=$|[\s»)\]\"’'.,…<])"
SKIP = ("code", "pre", "kbd", "samp", "script", "style", "textarea")
LANG = re.compile(r"""\slang=["']([^"']*)["']""")  # an element's language
_FRENCH_PART = re.compile(rf"""\slang=["']{FRENCH}\b""", re.IGNORECASE)
# The engine's table drawings: their words come from its catalogues, kept right at the
# source; the thousands of tags of a rule page's steps are never read.
DIAGRAM = '<svg class="lq-diagram"'
_MAY_NEED = re.compile(r"['«»;:!?&]")  # a piece without any of these has nothing to fix
TAG = re.compile(r"<!--.*?-->|<![^>]*>|<(/?)([A-Za-z][\w:-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.DOTALL)


def fix(text: str) -> str:
    """French typography for plain text (no HTML)."""
    text = re.sub(rf"(?<={LETTER})'(?={LETTER}|$)", "’", text)  # "l'<em>as</em>": at the end too
    text = re.sub(rf"«[ {NBSP}{NNBSP}]*", "«" + NBSP, text)
    text = re.sub(rf"[ {NBSP}{NNBSP}]*»", NBSP + "»", text)
    # ; ? ! after a word (not after another sign: "?!" stays together), or starting the text
    text = re.sub(rf"(?:(?<=[^\s;:!?{NBSP}{NNBSP}])|^)[\s{NBSP}{NNBSP}]*([;!?]){AFTER}", NNBSP + r"\1", text)
    text = re.sub(rf"(?:(?<=[^\s;:!?{NBSP}{NNBSP}])|^)[\s{NBSP}{NNBSP}]*:{AFTER}", NBSP + ":", text)
    return text


def _pieces(html: str, french: bool = True) -> list[tuple[bool, str]]:
    """The page cut into ``(is_prose, piece)``: prose is the French text outside the
    skipped elements. On a French page (``french``) that is everything but the elements
    in another language (``lang="en"``: the parallel page's English column); on a page in
    another language, only the elements marked ``lang="fr"``. Tags, comments and skipped
    content are kept as they are."""
    pieces: list[tuple[bool, str]] = []
    depth = 0  # inside code, pre, kbd, samp
    other: list[Any] = []  # [name, nesting] of an element in the other language
    at = 0
    while True:
        match = TAG.search(html, at)
        prose = depth == 0 and (bool(other) != french)
        if match is None:
            pieces.append((prose, html[at:]))
            return pieces
        if match.start() > at:
            pieces.append((prose, html[at : match.start()]))
        tag, closing = match.group(0), bool(match.group(1))
        name = (match.group(2) or "").lower()
        pieces.append((False, tag))
        at = match.end()
        lang = LANG.search(tag)
        if other and name == other[0] and not tag.endswith("/>"):
            other[1] += -1 if closing else 1
            if other[1] == 0:
                other = []
        elif (
            not other
            and not closing
            and lang
            and name != "html"
            and not tag.endswith("/>")
            and is_french(lang.group(1)) != french
        ):
            other = [name, 1]
        if (name in ("script", "style", "textarea") or tag.startswith(DIAGRAM)) and not closing:
            found = re.compile(f"</{name}", re.IGNORECASE).search(html, at)
            end = len(html) if found is None else found.start()
            pieces.append((False, html[at:end]))
            at = end
        elif name in SKIP and not tag.endswith("/>"):
            depth = max(0, depth - 1) if closing else depth + 1


def is_french(lang: str) -> bool:
    """Whether text in ``lang`` (a page's language, an element's ``lang``) is set the
    French way.

    >>> is_french("fr"), is_french("fr-CA"), is_french("en"), is_french("frr")
    (True, True, False, False)
    """
    return lang.lower().split("-")[0] == FRENCH


def fix_html(html: str, french: bool = True) -> str:
    """:func:`fix` applied to every piece of French prose of an HTML page (``french``:
    the page's own language is French).

    >>> fix_html('<p>Yes? <span lang="fr">Oui ?</span></p>', french=False)
    '<p>Yes? <span lang="fr">Oui\u202f?</span></p>'
    """
    if not french and not _FRENCH_PART.search(html):
        return html  # a page in another language with no French part: nothing to fix
    return "".join(
        escape(fix(unescape(piece)), quote=False) if prose and _MAY_NEED.search(piece) else piece
        for prose, piece in _pieces(html, french)
    )


def prose(html: str, french: bool = True) -> str:
    """The page's French prose, decoded: what :func:`fix_html` corrects (for the tests)."""
    return "".join(unescape(piece) for is_prose, piece in _pieces(html, french) if is_prose)


def faults(text: str) -> int:
    """How many typographic faults are left in a French text."""
    return (
        len(re.findall(rf"(?<={LETTER})'(?={LETTER})", text))
        + len(re.findall(rf"«(?!{NBSP})", text))
        + len(re.findall(rf"(?<!{NBSP})»", text))
        + len(re.findall(rf"(?:(?<=[^;:!?{NNBSP}])|^)[;!?]{AFTER}", text))
        + len(re.findall(rf"(?:(?<=[^;:!?{NBSP}])|^):{AFTER}", text))
    )
