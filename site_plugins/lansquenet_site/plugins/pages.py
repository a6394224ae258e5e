"""``lansquenet/pages``: the pages that run the engine: the play page (play.py), the
lessons (learn_page.py) and the odds and variants pages (odds_page.py), each from its
fence. They draw the engine's tables with lansquenet/render's card drawings."""

from __future__ import annotations

from collections.abc import Callable

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .. import learn_page, odds_page, play, site
from ..page import PageContext

NAME = "lansquenet/pages"
NEEDS = "lansquenet/render"  # the cards' drawings of the tables these pages show

# Each page's renderer (it leaves a page without its fences unchanged).
PAGES: tuple[Callable[[str, PageContext], str], ...] = (
    play.render_play,
    odds_page.render_odds,
    learn_page.render_learn,
)


class PagesConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class PagesPlugin(BasePlugin[PagesConfig]):  # type: ignore[no-untyped-call]
    def on_config(self, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        render = config.plugins.get(NEEDS)
        if render is None or not render.config.get("enabled", False):
            raise PluginError(
                f"{NAME} needs '{NEEDS}', enabled: it draws the cards of the tables these pages show"
            )

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if not self.config.enabled:
            return markdown
        context = site.of(config, NAME).context(page)
        for render in PAGES:
            markdown = render(markdown, context)
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        # A play page's #scenario=… is a game to replay, not an anchor
        # (tests/site/test_teaching.py replays every one).
        if self.config.enabled:
            for links in (page.links_to_anchors or {}).values():
                for anchor in [a for a in links if a.startswith("scenario=")]:
                    del links[anchor]
        return html
