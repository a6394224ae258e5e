"""The ``lansquenet`` MkDocs plugin: engine and site tied together at build time.

- ``on_page_markdown``: render ```` ```lansquenet ```` fences with the engine, in the
  page's language, the play page's ```` ```lansquenet-play ```` fence (play.py) and the
  odds page's fences and figures (odds_page.py);
- ``on_post_page``: the script that registers the service worker (offline.py);
- ``on_post_build``: copy the Pyodide runtime and the engine's wheel into the site,
  then, once every language is built, write the service worker (offline.py).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from . import learn_page, odds_page, offline, play, render, typography
from .words import Words


class LansquenetConfig(Config):  # type: ignore[no-untyped-call]
    locales = c.Type(str, default="locales")
    default_language = c.Type(str, default="fr")


class LansquenetPlugin(BasePlugin[LansquenetConfig]):  # type: ignore[no-untyped-call]
    """Renders ```lansquenet fences and ships the engine to the browser."""

    serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).parent
        self.words = Words(root / self.config.locales)
        self.stash: dict[str, str] = {}  # scenarios' HTML, until on_post_page puts it back
        return config

    def page_language(self, page: Page) -> str:
        """The page's language: mkdocs-static-i18n's locale, else the file suffix."""
        locale = getattr(page.file, "locale", None)
        if isinstance(locale, str) and locale:
            return locale
        stem = Path(page.file.src_uri).stem
        suffix = stem.rsplit(".", 1)[-1] if "." in stem else ""
        return suffix if suffix in ("fr", "en") else self.config.default_language

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        root = Path(config.config_file_path).parent
        markdown = play.render_play(markdown, self.page_language(page), self.words, page.url, root)
        markdown = odds_page.render_odds(markdown, self.page_language(page), self.words, page.url, root)
        markdown = learn_page.render_learn(
            markdown, self.page_language(page), self.words, page.url, root, self.stash
        )
        try:
            return render.render_fences(markdown, self.page_language(page), self.words, self.stash)
        except render.ScenarioError as error:
            raise PluginError(f"{page.file.src_uri}: {error}") from None

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        output = render.with_sprite(render.unstash(output, self.stash))
        # French typography on French prose only: the French pages, and the French parts
        # of the others (the parallel page's French column) (typography.py)
        output = typography.fix_html(output, french=self.page_language(page) == "fr")
        return offline.register_script(output, page.url, self.serving)

    @event_priority(-300)  # after mkdocs-static-i18n (-100) and the chrome hooks (-200)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        from . import runtime

        runtime.copy_runtime(Path(config.config_file_path).parent, Path(config.site_dir))
        i18n = config.plugins.get("i18n")
        if self.serving or getattr(i18n, "building", False):
            return  # mkdocs serve, or a language built from inside the default one
        languages = tuple(str(lang) for lang in getattr(i18n, "build_languages", [])) or (
            self.config.default_language,
        )
        offline.write_service_worker(Path(config.site_dir), languages)
