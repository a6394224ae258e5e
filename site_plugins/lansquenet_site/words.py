"""Interface words of the site, from the gettext catalogues ``locales/<lang>/site.po``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lansquenet.narration import read_po


class Words:
    """The site's words in every language, read once from ``locales/``: the languages
    given (the site's, from its configuration), else every one with a ``site.po``."""

    def __init__(self, folder: Path, languages: Sequence[str] | None = None) -> None:
        self.folder = folder
        found = sorted(p.parent.name for p in folder.glob("*/site.po"))
        self.languages: tuple[str, ...] = tuple(languages) if languages is not None else tuple(found)
        self._cache: dict[str, dict[str, str]] = {}

    def catalogue(self, lang: str) -> dict[str, str]:
        if lang not in self._cache:
            entries = read_po((self.folder / lang / "site.po").read_text("utf-8"))
            self._cache[lang] = {k: v for k, (v, fuzzy) in entries.items() if v and not fuzzy}
        return self._cache[lang]

    def __call__(self, lang: str, key: str, **params: Any) -> str:
        return self.catalogue(lang)[key].format_map(params)
