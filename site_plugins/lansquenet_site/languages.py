"""The site's languages, read once from mkdocs-static-i18n's configuration.

mkdocs.yml's ``i18n`` plugin lists them (``languages``: each ``locale``, the one marked
``default``, each ``link``, ``/`` for the default and ``/en/`` for English unless set).
Nothing else names a language: adding one is its entry there, ``locales/<lang>/`` and
its pages (``x.<lang>.md``); the engine speaks every language it has a catalogue for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError


@dataclass(frozen=True)
class Languages:
    """Every language of the site, the default first, each with the folder it lives in."""

    links: dict[str, str]  # language -> its folder under the site root: "" or "en/"

    @property
    def default(self) -> str:
        return next(iter(self.links))

    @property
    def all(self) -> tuple[str, ...]:
        return tuple(self.links)

    def prefix(self, lang: str) -> str:
        """Where ``lang`` lives under the site root: ``""`` for the default, ``"en/"``.

        >>> Languages({"fr": "", "en": "en/"}).prefix("en")
        'en/'
        """
        return self.links[lang]

    def of_file(self, src_uri: str) -> str:
        """A page's language from its file's suffix (``rules/covering.en.md``).

        >>> site = Languages({"fr": "", "en": "en/"})
        >>> site.of_file("rules/covering.en.md"), site.of_file("index.md"), site.of_file("a.b.md")
        ('en', 'fr', 'fr')
        """
        stem = Path(src_uri).stem
        suffix = stem.rsplit(".", 1)[-1] if "." in stem else ""
        return suffix if suffix in self.links else self.default


def read(config: MkDocsConfig) -> Languages:
    """The languages of mkdocs-static-i18n's ``languages`` option, the default first
    (``null`` entries, links in its switcher, are no languages)."""
    i18n: Any = config.plugins.get("i18n")
    entries = [e for e in getattr(i18n, "config", {}).get("languages", []) if e.locale != "null"]
    if not entries or sum(1 for e in entries if e.default) != 1:
        raise PluginError("lansquenet: mkdocs-static-i18n's languages, one of them the default, are needed")
    entries.sort(key=lambda e: not e.default)
    return Languages({str(e.locale): str(e.link).lstrip("/") for e in entries})
