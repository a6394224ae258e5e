"""Site chrome that templates alone cannot do, for the site's plugins (plugins/: search,
not-found, csp).

mkdocs-static-i18n builds the default language (French, at the site root) and then,
from inside that build's ``on_post_build``, every other language (English, under en/),
all into the same site folder. Three things follow, which the plugins put right:

- **Search per language.** static-i18n merges every language into one search index, so
  French readers would get English results and the other way round. Each language
  keeps its own: /search/search_index.json (French) and /en/search/search_index.json
  (English, locations relative to /en/), each with its own lunr stemmer
  (:func:`search_index`). Material loads the index from the ``base`` of the page's
  ``__config``, the site root: on a page of another language :func:`with_base` points
  it at that language's root.
- **404 page.** static-i18n renders 404.html once per language into the same file, so
  the last language built would win. The default language's stays at /404.html (the
  page static hosts serve for any missing address; its text is bilingual, see
  overrides/404.html) and each other one goes to /<lang>/404.html.
- **Content-Security-Policy.** Every HTML page gets a CSP meta tag right after its
  charset (:func:`with_csp`). Material writes a few small inline scripts whose text
  varies with the page's depth, so instead of 'unsafe-inline' the policy lists the
  sha256 of each inline script found on that very page. Scripts otherwise come from
  'self' only; 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly. Styles keep
  'unsafe-inline' because Markdown's attr_list and Material's templates write style
  attributes. Under ``mkdocs serve`` only, inline scripts are allowed instead of hashed:
  the live-reload script that the server injects into every response changes each time.
- **Search after Python.** Material builds its search index in a worker as soon as a
  page loads, which competes with Python's start on the pages that hold the engine:
  there, :func:`with_search_held` loads ``assets/js/search-wait.js`` just before
  Material's bundle, and the index waits until Python has started (or the reader opens
  the search).

What this relies on in Material, beyond its documented template blocks and partials,
is two things: the page's ``<script id="__config" type="application/json">`` with a
``base`` (where Material loads ``search/search_index.json`` from) and its bundle's
``<script src=".../assets/javascripts/bundle.<hash>.min.js">``. :func:`with_base` and
:func:`with_search_held` raise a build error when a theme update changes those;
tests/site/test_theme.py checks the partials copied into overrides/ against the
installed Material.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from mkdocs.exceptions import PluginError

from .markup import macros, root_of

CSP_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' {hashes}",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)

_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.DOTALL)
_CHARSET = re.compile(r"<meta charset=\"utf-8\">", re.IGNORECASE)
_RUNS = re.compile(r"[ \t\r\n]+")  # spaces and line breaks (not no-break spaces): one space
_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')
ENGINE = "data-lq-wheel"  # the attribute of a page's engine holder (play, lessons, odds)
SEARCH_WAIT = "assets/js/search-wait.js"
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(?P<json>.*?)(</script>)', re.DOTALL)


def content_security_policy(html: str, serving: bool = False) -> str:
    """The CSP for one page: 'self' plus the hash of each of its inline scripts.

    >>> content_security_policy("<script>x()</script>").split("; ")[1]
    "script-src 'self' 'wasm-unsafe-eval' 'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='"
    """
    if serving:
        return "; ".join(CSP_DIRECTIVES).format(hashes="'unsafe-inline'")
    hashes: list[str] = []
    for match in _INLINE_SCRIPT.finditer(html):
        attrs = match.group("attrs")
        if "src=" in attrs or "application/json" in attrs:
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        token = f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
        if token not in hashes:
            hashes.append(token)
    return "; ".join(CSP_DIRECTIVES).format(hashes=" ".join(hashes)).replace("  ", " ")


def with_csp(html: str, serving: bool = False) -> str:
    """``html`` with its CSP meta tag right after the charset, so that it covers every
    script that follows."""
    meta = str(macros("tags.html").csp(content_security_policy(html, serving)))
    return _CHARSET.sub(lambda m: m.group(0) + "\n      " + meta, html, count=1)


def with_base(html: str, prefix: str) -> str:
    """``html`` whose Material ``__config`` has its ``base`` moved down to ``prefix``
    (``"en/"``), the root of the page's language, where that language's search index is.

    >>> with_base('<script id="__config" type="application/json">{"base": "../.."}</script>', "en/")
    '<script id="__config" type="application/json">{"base": "../../en/"}</script>'
    """
    found = _CONFIG.search(html)
    if found is None:
        raise PluginError('Material\'s <script id="__config"> is gone: see lansquenet_site/chrome.py')
    data = json.loads(found.group("json"))
    if not isinstance(data, dict) or "base" not in data:
        raise PluginError("Material's __config has no 'base' any more: see lansquenet_site/chrome.py")
    data["base"] = str(data["base"]).rstrip("/") + "/" + prefix
    return html[: found.start("json")] + str(htmlsafe_json_dumps(data)) + html[found.end("json") :]


def with_search_held(html: str, page_url: str) -> str:
    """``html`` with ``search-wait.js`` just before Material's bundle, on a page that
    holds the engine; any other page unchanged.

    >>> page = '<div data-lq-wheel="w"></div><script src="../assets/javascripts/bundle.0f.min.js"></script>'
    >>> with_search_held(page, "play/").count('<script src="../assets/js/search-wait.js"></script><script src="../assets/javascripts/bundle')
    1
    >>> with_search_held("<p>rules</p>", "rules/")
    '<p>rules</p>'
    """
    if ENGINE not in html:
        return html
    found = _BUNDLE.search(html)
    if found is None:
        raise PluginError("Material's bundle <script> is gone: see lansquenet_site/chrome.py")
    tag = str(macros("tags.html").script(root_of(page_url) + SEARCH_WAIT))
    return html[: found.start()] + tag + html[found.start() :]


def search_index(data: dict[str, Any], language: str, prefix: str, others: tuple[str, ...] = ()) -> str:
    """One language's search index, out of ``data`` (one language's or the merged one):
    the documents under ``prefix`` (``""`` for the default language, whose documents are
    those under no other language's prefix in ``others``), located relative to it. Written
    as UTF-8, not as \\u escapes (Material's): accents and French typography's narrow
    no-break spaces cost 1 or 2 bytes each, not 6 (a kilobyte of a rule page's gzip,
    benchmarks figure 5a); the reader's search worker reads JSON as UTF-8. In a text, a
    line break or a run of spaces (a list item's continued lines keep their Markdown
    indentation) is one space: the search splits words on any run (its ``separator``)
    and a result's excerpt is HTML, where a run shows as one space (about 0.8 KiB of
    the French index's gzip).

    >>> index = {"config": {"lang": ["fr", "en"]}, "docs": [{"location": "a/"}, {"location": "en/a/"}]}
    >>> search_index(index, "en", "en/")
    '{"config":{"lang":["en"]},"docs":[{"location":"a/"}]}'
    >>> search_index(index, "fr", "", others=("en/",))
    '{"config":{"lang":["fr"]},"docs":[{"location":"a/"}]}'
    >>> search_index({"config": {}, "docs": [{"location": "a/", "text": "<li>one,\\n   two</li>"}]}, "fr", "")
    '{"config":{"lang":["fr"]},"docs":[{"location":"a/","text":"<li>one, two</li>"}]}'
    """
    if prefix:
        docs = [d for d in data["docs"] if d["location"].startswith(prefix)]
    else:
        docs = [d for d in data["docs"] if not d["location"].startswith(others)]
    located = [{**doc, "location": doc["location"][len(prefix) :]} for doc in docs]
    for doc in located:
        if "text" in doc:
            doc["text"] = _RUNS.sub(" ", doc["text"])
    return json.dumps(
        {"config": {**data["config"], "lang": [language]}, "docs": located},
        separators=(",", ":"),
        ensure_ascii=False,
    )
