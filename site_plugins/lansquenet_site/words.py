"""Interface words of the site, from the gettext catalogues ``locales/<lang>/site.po``.

A word that counts something comes in the forms its language's plural rule names (the
catalogue's ``Plural-Forms`` header, :mod:`lansquenet.plurals`): entries ``key.0``,
``key.1``… (as the engine's ``count.*``), each a whole sentence, since a count's noun is
not all that agrees with it ("1 donne jouée", "2 donnes jouées"). Python picks one with
:meth:`Words.count`; a page's script with ``word.count`` (``words.js``), from the forms
and the rule (:meth:`Words.plural`, as JSON) the page carries.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lansquenet.narration import read_header, read_po
from lansquenet.plurals import PluralRule, rule


class Words:
    """The site's words in every language, read once from ``locales/``: the languages
    given (the site's, from its configuration), else every one with a ``site.po``."""

    def __init__(self, folder: Path, languages: Sequence[str] | None = None) -> None:
        self.folder = folder
        found = sorted(p.parent.name for p in folder.glob("*/site.po"))
        self.languages: tuple[str, ...] = tuple(languages) if languages is not None else tuple(found)
        self._cache: dict[str, dict[str, str]] = {}
        self._rules: dict[str, PluralRule] = {}

    def catalogue(self, lang: str) -> dict[str, str]:
        if lang not in self._cache:
            entries = read_po((self.folder / lang / "site.po").read_text("utf-8"))
            self._cache[lang] = {k: v for k, (v, fuzzy) in entries.items() if v and not fuzzy}
        return self._cache[lang]

    def plural(self, lang: str) -> PluralRule:
        """The plural rule of ``lang``'s ``site.po`` (its ``Plural-Forms`` header)."""
        if lang not in self._rules:
            header = read_header((self.folder / lang / "site.po").read_text("utf-8"))
            self._rules[lang] = rule(header["Plural-Forms"])
        return self._rules[lang]

    def entries(self, lang: str, key: str) -> tuple[str, ...]:
        """The catalogue's entries of the word ``key``: itself, or a counted word's forms
        (``key.0``, ``key.1``…, as many as ``lang``'s plural rule names)."""
        if key in self.catalogue(lang):
            return (key,)
        return tuple(f"{key}.{form}" for form in range(self.plural(lang).forms))

    def __call__(self, lang: str, key: str, **params: Any) -> str:
        return self.catalogue(lang)[key].format_map(params)

    def count(self, lang: str, key: str, n: int, **params: Any) -> str:
        """The counted word ``key`` in the form ``lang`` gives ``n``, filled with ``params``
        (``n`` as written, e.g. ``10 000``, is one of them)."""
        return self(lang, f"{key}.{self.plural(lang)(n)}", **params)
