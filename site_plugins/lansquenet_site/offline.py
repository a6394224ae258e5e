"""The site offline after one visit: a service worker written at build time.

- :func:`write_service_worker` (``on_post_build``, once every language is written):
  lists every file of the built site that a reader may need (every page of every
  language, styles, scripts, images, the search indexes, the Pyodide runtime and the
  engine's wheel), leaving out what no page loads (source maps, compressed sitemaps,
  the search's word splitters and stemmers of languages the site does not have), and
  writes ``sw.js`` at the site's top folder (a service worker controls only the
  addresses under its own folder: at the top, both languages). The worker's
  ``VERSION`` is a digest of every listed file's address and bytes, so a new build
  gives a new worker, which fills a new cache and deletes the old one (sw.js in this
  folder is the worker's code, with ``__VERSION__`` and ``__PRECACHE__`` to fill).
- :func:`write_forget_dialogs` (``on_post_build``, before the worker's list): the erase
  control's dialog, one file per language (``assets/forget/<lang>.json``: its markup as
  a JSON string, not a page of the site), fetched by
  offline.js when the footer's button is first pressed (no page carries it).
- :func:`register_script` (``on_post_page``): every page loads ``assets/js/offline.js``,
  which registers the worker (scope: the site's top folder). Under ``mkdocs serve`` the
  page says ``data-lq-sw="off"`` instead and the script removes any worker a previous
  build left on that address: live reload always gets fresh files. No sw.js is written
  then.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .markup import TEMPLATES, macros, root_of
from .words import Words

TEMPLATE = Path(__file__).with_name("sw.js")
SW_NAME = "sw.js"
SCRIPT = "assets/js/offline.js"
# What no page of this site loads.
SKIP_SUFFIXES = (".map", ".xml.gz")  # source maps, compressed sitemaps (not the Python snapshot)
SKIP_FILES = {
    SW_NAME,
    "sitemap.xml",
    "assets/javascripts/lunr/wordcut.js",
    "assets/javascripts/lunr/tinyseg.js",
}
LUNR = "assets/javascripts/lunr/min/"
# Pyodide and the wheel (~14 MB) are kept on first use, not on every first visit: a
# reader of the rule pages never downloads Python.
ON_USE = ("assets/pyodide/", "assets/wheels/")
LUNR_ALWAYS = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"}
_BODY_END = re.compile(r"</body>", re.IGNORECASE)


@dataclass(frozen=True)
class Manifest:
    """What the service worker keeps: ``paths`` relative to the site's top folder (a
    page as its folder, ``en/rules/covering/``), their total ``size`` and ``version``."""

    paths: tuple[str, ...]
    size: int
    version: str
    on_use: tuple[str, ...] = ()  # kept when first asked for: the Python runtime


def wanted(path: str, languages: tuple[str, ...]) -> bool:
    """Whether the file at ``path`` (relative, with /) belongs in the offline cache.

    >>> [wanted(p, ("fr", "en")) for p in ("index.html", "en/rules/x/index.html", "sw.js")]
    [True, True, False]
    >>> [wanted(p, ("fr", "en")) for p in ("assets/javascripts/lunr/min/lunr.fr.min.js",
    ...     "assets/javascripts/lunr/min/lunr.ja.min.js", "assets/javascripts/bundle.js.map")]
    [True, False, False]
    """
    if path in SKIP_FILES or path.endswith(SKIP_SUFFIXES) or PurePosixPath(path).name.startswith("."):
        return False
    if path.startswith(LUNR):
        name = path[len(LUNR) :]
        return name in LUNR_ALWAYS or name in {f"lunr.{lang}.min.js" for lang in languages}
    return True


def address(path: str) -> str:
    """The address a file is asked for: a folder's index.html by its folder.

    >>> address("index.html"), address("en/play/index.html"), address("404.html")
    ('./', 'en/play/', '404.html')
    """
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def manifest(site: Path, languages: tuple[str, ...]) -> Manifest:
    """Every file of ``site`` the worker keeps, and the version of them all."""
    digest = hashlib.sha256()
    paths, on_use, size = [], [], 0
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = file.relative_to(site).as_posix()
        if not wanted(rel, languages):
            continue
        with file.open("rb") as read:  # in pieces: Pyodide's 10 MB are never one bytes object
            content = hashlib.file_digest(read, "sha256").digest()
        digest.update(rel.encode("utf-8") + b"\0" + content)
        if rel.startswith(ON_USE):
            on_use.append(address(rel))
        else:
            paths.append(address(rel))
            size += file.stat().st_size
    return Manifest(paths=tuple(paths), size=size, version=digest.hexdigest()[:20], on_use=tuple(on_use))


def service_worker(found: Manifest) -> str:
    """The worker's code for ``found`` (the template with its list and version)."""
    code = TEMPLATE.read_text("utf-8")
    listed = json.dumps(list(found.paths), ensure_ascii=False, indent=2)
    later = json.dumps(list(found.on_use), ensure_ascii=False, indent=2)
    return (
        code.replace("__VERSION__", found.version)
        .replace("__PRECACHE__", listed)
        .replace("__ON_USE__", later)
    )


FORGET = "assets/forget/{lang}.json"  # the erase control's dialog, in each language


def write_forget_dialogs(site: Path, words: Words, languages: tuple[str, ...]) -> list[Path]:
    """The erase control's dialog (templates/forget.html) in each language, into the
    built ``site``; the files written."""
    written = []
    template = TEMPLATES.get_template("forget.html")
    for lang in languages:
        path = site / FORGET.format(lang=lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        dialog = template.render(w=lambda key, lang=lang: words(lang, key))
        path.write_text(json.dumps({"dialog": dialog}, ensure_ascii=False) + "\n", "utf-8")
        written.append(path)
    return written


def write_service_worker(site: Path, languages: tuple[str, ...]) -> Manifest:
    """Write ``sw.js`` into the built ``site``; return what it keeps."""
    found = manifest(site, languages)
    (site / SW_NAME).write_text(service_worker(found), "utf-8")
    return found


def register_script(html: str, page_url: str, serving: bool) -> str:
    """``html`` with the script that registers the worker (or, under ``mkdocs serve``,
    removes it), just before ``</body>``.

    >>> register_script("<body></body>", "en/rules/covering/", False)
    '<body><script src="../../../assets/js/offline.js" data-lq-sw="../../../sw.js" data-lq-scope="../../../" defer></script></body>'
    >>> 'data-lq-sw="off"' in register_script("<body></body>", "", True)
    True
    """
    root = root_of(page_url)
    worker = "off" if serving else f"{root}{SW_NAME}"
    tag = str(macros("tags.html").offline(root + SCRIPT, worker, root or "./"))
    found = list(_BODY_END.finditer(html))
    if not found:
        return html + tag
    end = found[-1].start()
    return html[:end] + tag + html[end:]
