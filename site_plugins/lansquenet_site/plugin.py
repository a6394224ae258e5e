"""The ``lansquenet`` MkDocs plugin: engine and site tied together at build time.

- ``on_page_markdown``: render ```` ```lansquenet ```` fences with the engine, in the
  page's language, and the play page's ```` ```lansquenet-play ```` fence (play.py);
- ``on_post_build``: copy the Pyodide runtime and the engine's wheel into the site.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from . import play, render
from .words import Words


class LansquenetConfig(Config):  # type: ignore[no-untyped-call]
    locales = c.Type(str, default="locales")
    default_language = c.Type(str, default="fr")


class LansquenetPlugin(BasePlugin[LansquenetConfig]):  # type: ignore[no-untyped-call]
    """Renders ```lansquenet fences and ships the engine to the browser."""

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
        try:
            return render.render_fences(markdown, self.page_language(page), self.words, self.stash)
        except render.ScenarioError as error:
            raise PluginError(f"{page.file.src_uri}: {error}") from None

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return render.unstash(output, self.stash)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        from . import runtime

        runtime.copy_runtime(Path(config.config_file_path).parent, Path(config.site_dir))
