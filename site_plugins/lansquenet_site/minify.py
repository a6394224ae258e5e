"""The site's own stylesheets and scripts, served in one piece and without comments.

docs/assets/css and docs/assets/js are written to be read: each file explains itself
in comments. Readers' browsers need none of that, and every page downloads the
stylesheets of mkdocs.yml's ``extra_css``, its script modules (stepper.js and what it
imports: core.js) and offline.js (the erase control's too):

- :func:`bundle`: the ``extra_css`` files, in their order, as one stylesheet
  (``BUNDLE``): the plugin puts it in their place (one request instead of several),
  and writes it once the site is built;
- :func:`minify_assets` (not under ``mkdocs serve``) rewrites the copies in the site
  folder: CSS without comments, blank lines or indentation (:func:`css`), JavaScript
  without its whole-line comments, ``//`` and the JSDoc types' ``/** */``, and its
  indentation (:func:`js`: nothing else is touched, so no statement can change
  meaning). Material's own files (assets/stylesheets, assets/javascripts) are minified
  already and left alone, but for :func:`palette`: Material's colour palettes, only
  those the site uses;
- :func:`html` (not under ``mkdocs serve``): each page without the indentation of
  Material's templates, which is a twentieth of a rule page's bytes even gzipped.
"""

from __future__ import annotations

import re
from pathlib import Path

FOLDERS = {"assets/css": (".css",), "assets/js": (".js", ".mjs")}
BUNDLE = "assets/css/bundle.css"
PALETTE = "assets/stylesheets/palette.*.min.css"  # Material's, with every colour it has
_COLOUR = re.compile(r"\[data-md-color-(?:primary|accent)=([\w-]+)\]")

_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_LINE_COMMENT = re.compile(r"^[ \t]*//")
# A line that opens a block comment (``/** @param ... */``, one line or the first of
# several), and the end of one: what follows ``*/`` on its line is code, kept.
_BLOCK_OPEN = re.compile(r"^[ \t]*/\*")
_BLOCK_CLOSE = re.compile(r"\*/")
# A JSDoc type inside a line (``/** @type {T} */ (x)``, a cast; ``(/** @type {T} */ x)``):
# to JavaScript, a comment, so ``(x)`` and ``(x)`` mean the same.
_INLINE_TYPE = re.compile(r"/\*\* @type \{(?:(?!\*/).)*\*/ ?")
# Elements whose text is shown, or run, as written: left exactly as they are.
_VERBATIM = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_INDENT = re.compile(r"[ \t]*\n\s*")


def css(text: str) -> str:
    """``text`` without comments, blank lines and indentation.

    >>> css("/* The header. */\\n.a {\\n  color: red; /* why */\\n}\\n\\n.b { margin: 0; }\\n")
    '.a {\\ncolor: red;\\n}\\n.b { margin: 0; }\\n'
    """
    lines = (line.strip() for line in _CSS_COMMENT.sub("", text).splitlines())
    return "".join(line.rstrip() + "\n" for line in lines if line)


def js(text: str) -> str:
    """``text`` without the lines that hold nothing but a comment: a ``//`` one, or a
    block comment that starts its line (the JSDoc types that ``tsc`` checks), outside
    template literals, whose lines are text; and without indentation (outside template
    literals); and the JSDoc types inside a line
    (``/** @type {T} */ (x)`` is ``(x)``). Other comments inside a line stay.

    >>> js('// Says hello.\\nconst a = 1; // kept\\n  // gone\\nconst b = `\\n// kept: text\\n`;\\n')
    'const a = 1; // kept\\nconst b = `\\n// kept: text\\n`;\\n'
    >>> js('/**\\n * @param {number} n\\n */\\nf(n);\\n  /** @type {T} */\\nlet t;\\n/** @type {U} */ (u).go();\\n')
    'f(n);\\nlet t;\\n(u).go();\\n'
    >>> js('g(function (/** @type {Record<string, number>} */ x) { return x; /* why */ });\\n')
    'g(function (x) { return x; /* why */ });\\n'
    """
    out: list[str] = []
    in_template = False
    in_block = False
    for line in text.splitlines(keepends=True):
        if not in_template and not in_block and "/** @type {" in line:
            line = _INLINE_TYPE.sub("", line)
            if not line.strip():
                continue  # a type alone on its line
        if in_block:
            close = _BLOCK_CLOSE.search(line)
            if close is None or not line[close.end() :].strip():
                in_block = close is None
                continue
            in_block = False
            line = line[close.end() :]  # code after the comment's end
        elif not in_template and _BLOCK_OPEN.match(line):
            close = _BLOCK_CLOSE.search(line, line.index("/*") + 2)
            if close is None:
                in_block = True
                continue
            if not line[close.end() :].strip():
                continue
        if not in_template and _LINE_COMMENT.match(line):
            continue
        out.append(line if in_template else line.lstrip(" \t"))
        if line.count("`") % 2:
            in_template = not in_template
    return "".join(out)


def html(text: str) -> str:
    """A page without indentation, trailing spaces or blank lines, outside ``<pre>``,
    ``<textarea>``, ``<script>`` and ``<style>``. A line break stays a line break, so
    that text renders the same: between words, a break and a space are both one space.

    >>> html('<ul>\\n    <li>a\\n      b</li>  \\n\\n</ul>\\n<pre>  x\\n    y</pre>\\n  <p>c</p>')
    '<ul>\\n<li>a\\nb</li>\\n</ul>\\n<pre>  x\\n    y</pre>\\n<p>c</p>'
    """
    out: list[str] = []
    at = 0
    for match in _VERBATIM.finditer(text):
        out.append(_unindented(text[at : match.start()]))
        out.append(match.group(0))
        at = match.end()
    out.append(_unindented(text[at:]))
    return "".join(out)


def _unindented(text: str) -> str:
    """``_INDENT.sub("\\n", text)``, line by line (several times faster on a page of
    long lines): spaces and tabs before a line break, and every blank (``\\s``, as
    :meth:`str.lstrip` takes it) after one, blank lines included, go.

    >>> text = " a \\t\\n\\n  \\u00a0b\\xa0 \\n \\n\\tc\\n "
    >>> _unindented(text) == _INDENT.sub("\\n", text)
    True
    """
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    kept = [lines[0].rstrip(" \t")]
    for line in lines[1:-1]:
        line = line.lstrip().rstrip(" \t")
        if line:
            kept.append(line)
    kept.append(lines[-1].lstrip())
    return "\n".join(kept)


def bundle(docs: Path, sources: list[str]) -> str:
    """The files ``sources`` (paths under ``docs``), one after the other, each
    introduced by its name in a comment."""
    return "".join(f"/* {source} */\n" + (docs / source).read_text("utf-8") + "\n" for source in sources)


def _blocks(text: str) -> list[tuple[str, str | None]]:
    """The rules of a stylesheet, each as ``(prelude, body)`` (``body`` None: what
    follows the last rule); an at-rule's body holds rules."""
    found: list[tuple[str, str | None]] = []
    at = 0
    while (start := text.find("{", at)) >= 0:
        depth, end, quote = 1, start + 1, ""
        while depth:
            char = text[end]
            if quote:
                end += char == "\\"
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            else:
                depth += (char == "{") - (char == "}")
            end += 1
        found.append((text[at:start], text[start + 1 : end - 1]))
        at = end
    found.append((text[at:], None))
    return found


def _selectors(prelude: str) -> list[str]:
    """A selector list cut at its commas, not at those inside ``:is(…)`` or ``[…]``."""
    parts, depth, at = [], 0, 0
    for i, char in enumerate(prelude):
        depth += (char in "([") - (char in ")]")
        if char == "," and depth == 0:
            parts.append(prelude[at:i])
            at = i + 1
    return [*parts, prelude[at:]]


def palette(text: str, used: set[str]) -> str:
    """Material's palette stylesheet with only the rules for the colours ``used``
    (``primary`` and ``accent`` of mkdocs.yml's palette; the dark scheme stays).

    >>> palette("[data-md-color-scheme=slate]{a:b}[data-md-color-primary=red],[data-md-color-accent=custom] x{c:d}"
    ...     "@media screen{[data-md-color-primary=red]{e:f}}", {"custom"})
    '[data-md-color-scheme=slate]{a:b}[data-md-color-accent=custom] x{c:d}'
    """
    out: list[str] = []
    for prelude, body in _blocks(text):
        if body is None:
            out.append(prelude)
        elif prelude.lstrip().startswith("@"):
            inner = palette(body, used)
            if inner.strip():
                out.append(prelude + "{" + inner + "}")
        else:
            kept = [s for s in _selectors(prelude) if set(_COLOUR.findall(s)) <= used]
            if kept:
                out.append(",".join(kept) + "{" + body + "}")
    return "".join(out)


def palette_colours(palettes: object) -> set[str]:
    """The ``primary`` and ``accent`` colours of mkdocs.yml's ``theme.palette`` (one
    palette or a list; Material's defaults, indigo, where one names none).

    >>> sorted(palette_colours([{"primary": "custom", "accent": "custom"}, {"scheme": "slate"}]))
    ['custom', 'indigo']
    """
    entries = palettes if isinstance(palettes, list) else [palettes]
    return {
        str(entry.get(key) or "indigo").replace(" ", "-")
        for entry in entries
        if isinstance(entry, dict)
        for key in ("primary", "accent")
    }


def trim_palette(site: Path, used: set[str]) -> int:
    """Material's palette stylesheet in ``site`` with only the colours ``used``; the
    bytes saved."""
    saved = 0
    for path in site.glob(PALETTE):
        text = path.read_text("utf-8")
        small = palette(text, used)
        path.write_text(small, "utf-8")
        saved += len(text) - len(small)
    return saved


_PALETTE_LINK = re.compile(
    r'<link rel="stylesheet" href="[^"]*assets/stylesheets/palette\.[0-9a-f]+\.min\.css">\n?'
)


def without_palette_link(page: str) -> str:
    """A page without its link to Material's palette stylesheet, which
    :func:`palette_into_bundle` puts at the head of the bundle (one request fewer on
    every page: benchmarks figure 5a).

    >>> without_palette_link('<link rel="stylesheet" href="../assets/stylesheets/palette.ab12.min.css">\\n<p>')
    '<p>'
    """
    return _PALETTE_LINK.sub("", page)


def palette_into_bundle(site: Path, bundle: str) -> bool:
    """Material's palette stylesheet in ``site`` (trimmed already) put at the head of the
    stylesheet ``bundle``, where its link was: after Material's main stylesheet, before
    the site's. False when the site has none."""
    found = sorted(site.glob(PALETTE))
    if not found:
        return False
    sheet = site / bundle
    sheet.write_text(found[0].read_text("utf-8") + "\n" + sheet.read_text("utf-8"), "utf-8")
    return True


def minify_assets(site: Path) -> int:
    """Minify the site's own CSS and JavaScript in place; the bytes saved."""
    saved = 0
    for folder, suffixes in FOLDERS.items():
        for path in sorted((site / folder).rglob("*")):
            if path.suffix not in suffixes or not path.is_file():
                continue
            text = path.read_text("utf-8")
            small = css(text) if path.suffix == ".css" else js(text)
            if small != text:
                path.write_text(small, "utf-8")
                saved += len(text.encode("utf-8")) - len(small.encode("utf-8"))
    return saved
