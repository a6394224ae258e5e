"""The engine's languages: data, not code.

A language is one the engine ships a catalogue for, ``locales/<lang>/lansquenet.po``
(its sentences, its card initials and its numbers' separators are entries there, its
plural rule the gettext header ``Plural-Forms``: :mod:`lansquenet.plurals`). Adding a language is adding its catalogue; nothing here changes.
``FALLBACK`` is the one configured place: the language of a sentence asked for in a
language the engine has no catalogue for, and the default of every ``lang`` argument.

>>> FALLBACK in LANGUAGES and len(LANGUAGES) >= 2
True
"""

from __future__ import annotations

from importlib import resources

FALLBACK = "en"


def _shipped() -> tuple[str, ...]:
    locales = resources.files(__package__) / "locales"
    return tuple(sorted(d.name for d in locales.iterdir() if (d / "lansquenet.po").is_file()))


LANGUAGES = _shipped()
