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
VERBATIM = ("script", "style", "textarea")  # read up to their end tag, never parsed
LANG = re.compile(r"""\slang=["']([^"']*)["']""")  # an element's language
_FRENCH_PART = re.compile(rf"""\slang=["']{FRENCH}\b""", re.IGNORECASE)
# The engine's table drawings: their words come from its catalogues, kept right at the
# source; the thousands of tags of a rule page's steps are never read.
DIAGRAM = '<svg class="lq-diagram"'
_MAY_NEED = re.compile(r"['«»;:!?&]")  # a piece without any of these has nothing to fix
# The elements whose tags change what is prose (the others' tags only end a piece of text).
_WATCHED = frozenset(SKIP + VERBATIM + ("svg",))
# (Each character of a tag has one way to match, so the repeats are possessive: the same
# matches, found without the regular expression engine's backtracking bookkeeping.)
TAG = re.compile(
    r"<!--.*?-->|<![^>]*>|<(/?)([A-Za-z][\w:-]*+)(?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+>", re.DOTALL
)


# fix's rewrites, in order, each with the signs without which it has nothing to do. The
# apostrophe between letters ("l'<em>as</em>": at the end of a piece too); inside « »;
# ; ? ! after a word (not after another sign: "?!" stays together) or starting the
# text; then :.
_FIXES = (
    ("'", re.compile(rf"(?<={LETTER})'(?={LETTER}|$)"), "’"),
    ("«", re.compile(rf"«[ {NBSP}{NNBSP}]*"), "«" + NBSP),
    ("»", re.compile(rf"[ {NBSP}{NNBSP}]*»"), NBSP + "»"),
    (";!?", re.compile(rf"(?:(?<=[^\s;:!?{NBSP}{NNBSP}])|^)[\s{NBSP}{NNBSP}]*([;!?]){AFTER}"), NNBSP + r"\1"),
    (":", re.compile(rf"(?:(?<=[^\s;:!?{NBSP}{NNBSP}])|^)[\s{NBSP}{NNBSP}]*:{AFTER}"), NBSP + ":"),
)


def fix(text: str) -> str:
    """French typography for plain text (no HTML)."""
    for signs, pattern, replacement in _FIXES:
        for sign in signs:  # (not any() over a generator: thousands of pieces a build)
            if sign in text:
                text = pattern.sub(replacement, text)
                break
    return text


def _spans(html: str, french: bool = True) -> list[tuple[int, int]]:
    """Where the French prose of the page is: ``(start, end)`` of each run of text
    between two tags outside the skipped elements. On a French page (``french``) that is
    everything but the elements in another language (``lang="en"``: the parallel page's
    English column); on a page in another language, only the elements marked
    ``lang="fr"``. Tags, comments and skipped content are no prose."""
    spans: list[tuple[int, int]] = []
    keep = spans.append
    depth = 0  # inside code, pre, kbd, samp
    other = ""  # the name of the element in the other language we are in, if any
    nesting = 0  # how deep in elements of that name
    at = 0
    end = len(html)
    search = TAG.search
    prose_here = french  # whether text outside skipped elements is prose: (bool(other) != french)
    while True:
        match = search(html, at)
        if match is None:
            if end > at and depth == 0 and prose_here:
                keep((at, end))
            return spans
        start = match.start()
        if start > at and depth == 0 and prose_here:
            keep((at, start))
        at = match.end()
        slash, name = match.group(1, 2)
        if name is None:  # a comment or a declaration
            continue
        name = name.lower()
        if name not in _WATCHED and not other and "lang=" not in html[start:at]:
            continue  # most tags: nothing to follow
        tag = html[start:at]
        closing = slash == "/"
        empty = tag.endswith("/>")
        if other:
            if name == other and not empty:
                nesting += -1 if closing else 1
                if nesting == 0:
                    other = ""
                    prose_here = french
        elif not closing and "lang=" in tag and name != "html" and not empty:
            lang = LANG.search(tag)
            if lang and is_french(lang.group(1)) != french:
                other, nesting = name, 1
                prose_here = not french
        if closing:
            if name in SKIP and not empty:
                depth = max(0, depth - 1)
        elif name in VERBATIM or tag.startswith(DIAGRAM):
            found = re.compile(f"</{name}", re.IGNORECASE).search(html, at)
            at = len(html) if found is None else found.start()
        elif name in SKIP and not empty:
            depth += 1


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
    out: list[str] = []
    at = 0
    may_need = _MAY_NEED.search
    for start, end in _spans(html, french):
        if may_need(html, start, end):  # searched in place: most pieces are never copied
            out.append(html[at:start])
            out.append(escape(fix(unescape(html[start:end])), quote=False))
            at = end
    out.append(html[at:])
    return "".join(out)


def prose(html: str, french: bool = True) -> str:
    """The page's French prose, decoded: what :func:`fix_html` corrects (for the tests)."""
    return "".join(unescape(html[start:end]) for start, end in _spans(html, french))


def faults(text: str) -> int:
    """How many typographic faults are left in a French text."""
    return (
        len(re.findall(rf"(?<={LETTER})'(?={LETTER})", text))
        + len(re.findall(rf"«(?!{NBSP})", text))
        + len(re.findall(rf"(?<!{NBSP})»", text))
        + len(re.findall(rf"(?:(?<=[^;:!?{NNBSP}])|^)[;!?]{AFTER}", text))
        + len(re.findall(rf"(?:(?<=[^;:!?{NBSP}])|^):{AFTER}", text))
    )
