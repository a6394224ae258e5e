"""What every renderer needs to know about the page it renders, built once per page by
the ``lansquenet`` plugin (site.py): its language, the site's words and languages, its address,
the way back to the site's top folder, the engine's wheel, the build's stash, and the
Jinja templates of the package's ``templates/`` folder (markup.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from .languages import Languages
from .markup import TEMPLATES, root_of
from .wheel import Wheel
from .words import Words


@dataclass(frozen=True)
class PageContext:
    lang: str  # the page's language
    words: Words
    languages: Languages
    url: str = ""  # the page's address under the site root: "en/play/"
    wheel: Wheel | None = None  # the engine's wheel, built once per build
    stash: dict[str, str] | None = field(default=None, compare=False)  # render.keep
    templates: jinja2.Environment | None = field(default=TEMPLATES, compare=False)

    @property
    def root(self) -> str:
        """The relative way from the page to the site's top folder: ``../../``."""
        return root_of(self.url)

    @property
    def wheel_url(self) -> str:
        """The engine's wheel, relative to the page, with its digest (:attr:`Wheel.url`)."""
        if self.wheel is None:
            raise ValueError("this page has no wheel: PageContext(wheel=build_engine_wheel(repo))")
        return self.root + self.wheel.url

    def link(self, path: str, lang: str | None = None) -> str:
        """A page of the site (``rules/covering/``) in ``lang`` (the page's own by
        default), relative to this page."""
        return self.root + self.languages.prefix(lang or self.lang) + path

    def partial(self, name: str, **context: Any) -> str:
        """The template ``templates/<name>`` rendered with ``context``."""
        if self.templates is None:
            raise ValueError("this page has no templates: PageContext(templates=partials())")
        return self.templates.get_template(name).render(**context)

    def w(self, key: str, **params: object) -> str:
        """A word of the page's language, raw: the templates escape it."""
        return self.words(self.lang, key, **params)


def partials(repo: Path | None = None) -> jinja2.Environment:
    """The plugins' templates (markup.TEMPLATES: the package's ``templates/``, escaping
    what they are given), wherever the project (``repo``) is."""
    return TEMPLATES
