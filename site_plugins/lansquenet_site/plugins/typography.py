"""``lansquenet/typography``: French typography on French prose only: the French pages,
and the French parts of the others (the parallel page's French column) (..typography.py),
the HTML kept aside put back (the diagrams' descriptions join their parts with ";")."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page

from .. import site, typography

NAME = "lansquenet/typography"


class TypographyConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class TypographyPlugin(BasePlugin[TypographyConfig]):  # type: ignore[no-untyped-call]
    @event_priority(-5)  # once the kept HTML is put back and the cards drawn (0)
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        if not self.config.enabled:
            return output
        lang = site.of(config, NAME).context(page).lang
        return typography.fix_html(output, french=typography.is_french(lang))
