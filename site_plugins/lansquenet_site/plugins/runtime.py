"""``lansquenet/runtime``: the browser's runtime in the site, once every language is
written: Pyodide from the pinned npm package, its standard library trimmed, and the
engine's wheel of this build (the one whose digest the pages carry) and, but under
``mkdocs serve``, Python's memory snapshot for first visits (..runtime.py, ..snapshot.py);
and the pages' own npm libraries (the QR codes', ..vendor.py)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority

from .. import runtime, site, vendor

NAME = "lansquenet/runtime"


class RuntimeConfig(Config):  # type: ignore[no-untyped-call]
    enabled = c.Type(bool, default=True)


class RuntimePlugin(BasePlugin[RuntimeConfig]):  # type: ignore[no-untyped-call]
    serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    @event_priority(-200)  # after static-i18n's (-100): once, at the end of the whole site
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        shared = site.of(config, NAME)
        if shared.last:
            # Python's snapshot for first visits too, but under mkdocs serve (snapshot.py)
            runtime.copy_runtime(shared.repo, Path(config.site_dir), shared.wheel, snapshot=not self.serving)
            vendor.copy_libraries(shared.repo, Path(config.site_dir))  # the QR codes' library
