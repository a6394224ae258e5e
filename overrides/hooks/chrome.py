"""Site chrome that templates alone cannot do: an MkDocs hooks module (see mkdocs.yml).

mkdocs-static-i18n builds the default language (French, at the site root) and then,
from inside that build's ``on_post_build``, every other language (English, under en/),
all into the same site directory. These hooks run in every one of those builds and
finish the job once the last language is written:

- **404 page.** static-i18n renders 404.html once per language into the same file, so
  the last language built wins, and the language selector on it points to the twin of
  whichever page happened to be rendered last. We keep every render: the default
  language at /404.html (the one static hosts serve for any missing address; its text
  is bilingual, see overrides/404.html) and the others at /<lang>/404.html, each with a
  selector that points to the language home pages.
- **Search per language.** static-i18n merges all languages into a single search
  index, so French readers get English results and the other way round. We write one
  index per language instead: /search/search_index.json (French) and
  /en/search/search_index.json (English, locations relative to /en/), each with its own
  lunr stemmer. Pages of a non-default language point Material's ``base`` at their
  language root (overrides/main.html), which is where Material loads the index from.
- **Content-Security-Policy.** Every HTML page gets a CSP meta tag. Material writes a
  few small inline scripts (local-storage helpers, palette, tabs) whose text varies with
  the page's depth, so instead of 'unsafe-inline' the policy lists the sha256 of each
  inline script found on that very page. Scripts otherwise come from 'self' only;
  'wasm-unsafe-eval' lets Pyodide compile its WebAssembly. Styles keep 'unsafe-inline'
  because Markdown's attr_list and Material's templates write style attributes.
  Under ``mkdocs serve`` only, inline scripts are allowed instead of hashed: the
  live-reload script that the server injects into every response changes each time.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import os
import re
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

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

# Per build language: the 404 page as rendered, and this language's search index.
_not_found: dict[str, str] = {}
_search: dict[str, dict[str, Any]] = {}
_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins["i18n"]


def _language(config: MkDocsConfig) -> str:
    return str(config.theme["language"])


def _prefix(config: MkDocsConfig, language: str) -> str:
    """Where a language lives under the site root: '' for the default, 'en/' else."""
    return "" if language == _i18n(config).default_language else f"{language}/"


def content_security_policy(html: str, serving: bool = False) -> str:
    """The CSP for one page: 'self' plus the hash of each of its inline scripts."""
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


def _with_csp(html: str) -> str:
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html, _serving)}">'
    # Right after the charset, so that it covers every script that follows.
    return _CHARSET.sub(lambda m: m.group(0) + "\n      " + meta, html, count=1)


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    context["lang_prefix"] = _prefix(config, _language(config))
    return context


def on_template_context(context: dict[str, Any], template_name: str, config: MkDocsConfig) -> dict[str, Any]:
    context["lang_prefix"] = _prefix(config, _language(config))
    if template_name == "404.html":
        # Not a page: its selector goes to the language home pages.
        # static-i18n sets the per-page links as an attribute of config.extra (which
        # templates read before the item): reset both.
        homes = _i18n(config).extra_alternate
        if homes:
            config.extra["alternate"] = copy.deepcopy(homes)
            setattr(config.extra, "alternate", config.extra["alternate"])  # noqa: B010
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return _with_csp(output)


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    if not template_name.endswith(".html"):
        return output_content
    output = _with_csp(output_content)
    if template_name == "404.html":
        _not_found[_language(config)] = output
    return output


def _write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _search_index(data: dict[str, Any], language: str, prefix: str) -> str:
    """One language's search index, with locations relative to its own root."""
    docs = [
        {**doc, "location": doc["location"][len(prefix) :]}
        for doc in data["docs"]
        if doc["location"].startswith(prefix) and (prefix or doc["location"].split("/", 1)[0] not in _search)
    ]
    return json.dumps(
        {"config": {**data["config"], "lang": [language]}, "docs": docs},
        separators=(",", ":"),
    )


@event_priority(-200)  # after the search plugin and after mkdocs-static-i18n
def on_post_build(config: MkDocsConfig) -> None:
    i18n = _i18n(config)
    index = os.path.join(config.site_dir, "search", "search_index.json")
    if i18n.building:
        # A language that static-i18n builds from inside the default one: the search
        # index on disk is this language's alone for now.
        with open(index, encoding="utf-8") as f:
            _search[_language(config)] = json.load(f)
        return
    # The default language's build, after every other language: finish them all.
    default = i18n.default_language
    with open(index, encoding="utf-8") as f:
        merged = json.load(f)
    for language, data in _search.items():
        prefix = _prefix(config, language)
        path = os.path.join(config.site_dir, prefix, "search", "search_index.json")
        _write(path, _search_index(data, language, prefix))
    _write(index, _search_index(merged, default, ""))
    for language, html in _not_found.items():
        _write(os.path.join(config.site_dir, _prefix(config, language), "404.html"), html)
