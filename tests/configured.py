"""The site's languages as every test reads them: mkdocs.yml's ``i18n`` list, the
configuration of mkdocs-static-i18n, and nothing else (no test names its languages).

- ``LANGUAGES``: each ``locale``, the default one first (``fr``, then ``en``);
- ``DEFAULT``: the one marked ``default``, at the site root;
- ``PREFIX``: where each language lives under the site root (its ``link``: ``""`` for
  the default, ``"en/"`` for English).

The engine's tests read the engine's own list instead, the catalogues it ships
(``lansquenet.languages.LANGUAGES``): they run where no site is configured (Pyodide).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[1]


class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML has no types here
    """mkdocs.yml as data: its ``!!python/name:`` tags (Material's) read as text.
    (MkDocs' own loader would load the plugins, which keep state between builds.)"""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def _links() -> dict[str, str]:
    config: dict[str, Any] = yaml.load((REPO / "mkdocs.yml").read_text("utf-8"), _Loader)
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    entries = [e for e in i18n["languages"] if e["locale"] != "null"]
    entries.sort(key=lambda e: not e.get("default", False))  # the default first
    # static-i18n's links: "/" for the default, "/<locale>/" for the others, unless set.
    links = {e["locale"]: e.get("link") or ("/" if e.get("default") else f"/{e['locale']}/") for e in entries}
    return {str(locale): str(link).lstrip("/") for locale, link in links.items()}


PREFIX = _links()
LANGUAGES = tuple(PREFIX)
DEFAULT = LANGUAGES[0]
