"""The site's languages as its configuration gives them (mkdocs.yml's i18n plugin, read
by the plugin's own ``languages.read``): tests loop over these, never over a list of
their own.

>>> site_languages().default in site_languages().all
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lansquenet_site.languages import Languages, read

REPO = Path(__file__).resolve().parents[1]


@cache
def site_languages() -> Languages:
    from mkdocs.config import load_config

    return read(load_config(str(REPO / "mkdocs.yml")))
