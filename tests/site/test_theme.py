"""Where the site leans on Material and mkdocs-static-i18n beyond their options: each
such place fails here, loudly, when an update of either changes what it relies on.

- overrides/ copies Material's partials/search.html, partials/alternate.html and
  partials/copyright.html (its "Made with" in the page's language) and
  replaces its base.html block ``site_meta``, and overrides/sitemap.xml is
  static-i18n's sitemap with x-default added: each copy was made from the installed
  version whose sha256 is below. When one changes, compare it with our copy, carry the
  change over, then update the digest.
- overrides/main.html's ``header`` block sets ``data-md-color-switching`` on ``<body>``
  before the page is styled, so that Material's palette script setting it at load
  costs no restyle: Material's script must still set it on ``<body>`` and take it away,
  and its palette stylesheet still key the transitions off on it.
- lansquenet_site/chrome.py moves the ``base`` of Material's ``__config`` script (where
  its search loads the index from); without that script the build stops with an error.
"""

from __future__ import annotations

import doctest
import hashlib
import re
from pathlib import Path

import material
import mkdocs_static_i18n
import pytest
from mkdocs.exceptions import PluginError

from lansquenet_site import chrome

MATERIAL = Path(material.__file__).parent / "templates"
I18N = Path(mkdocs_static_i18n.__file__).parent

COPIED = {
    # what we copied from: (file, block or None), sha256 of its text then
    "overrides/partials/search.html": (
        MATERIAL / "partials" / "search.html",
        None,
        "bfd556535abcddb99396ab2a7e3acc2ebcd3f36756007d3969396caa4126be30",
    ),
    "overrides/partials/alternate.html": (
        MATERIAL / "partials" / "alternate.html",
        None,
        "572b1d4dae611aa5fd65107edec95e44331b6141abf86834ea4dc6c1ddd7241b",
    ),
    "overrides/partials/copyright.html": (
        MATERIAL / "partials" / "copyright.html",
        None,
        "bc86bca3bf75070fe5d72e2a3463bdddf87c10f4d6459c945fe81c5d384e35ea",
    ),
    "overrides/main.html": (
        MATERIAL / "base.html",
        "site_meta",
        "337bd3b09eec21c53b93b992683ea5b3eaaf732d416d447fbbef7a0c98775ffd",
    ),
    "overrides/sitemap.xml": (
        I18N / "custom_i18n_sitemap" / "sitemap.xml",
        None,
        "538e71a0c68befdae40bb4e0451150b1ca424ef5b1c4f0e0e7d806640d17e5e7",
    ),
}


def block(text: str, name: str) -> str:
    found = re.search(r"\{% block " + name + r" %\}(.*?)\{% endblock %\}", text, re.DOTALL)
    assert found, f"no block {name}"
    return found.group(1)


@pytest.mark.parametrize("ours", sorted(COPIED))
def test_what_overrides_copies_is_unchanged_upstream(ours: str, repo_root: Path) -> None:
    source, name, digest = COPIED[ours]
    assert (repo_root / ours).is_file()
    text = source.read_text("utf-8")
    if name:
        text = block(text, name)
    got = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert got == digest, (
        f"{source}{' block ' + name if name else ''} changed since {ours} copied it: carry the"
        f" change over into {ours}, then set its sha256 in tests/site/test_theme.py to {got}"
    )


def test_search_dialog_copy_differs_from_material_only_by_its_name(repo_root: Path) -> None:
    ours = (repo_root / "overrides" / "partials" / "search.html").read_text("utf-8")
    theirs = (MATERIAL / "partials" / "search.html").read_text("utf-8")
    dialog = '<div class="md-search" data-md-component="search" role="dialog">'
    named = dialog[:-1] + " aria-label=\"{{ lang.t('search') }}\">"
    body = ours.split("-#}\n", 1)[1]
    assert body == theirs.split("-#}\n", 1)[1].replace(dialog, named)


def test_a_page_without_materials_config_stops_the_build() -> None:
    with pytest.raises(PluginError, match="__config"):
        chrome.with_base("<html><head></head><body></body></html>", "en/")


def test_the_chrome_examples_hold() -> None:
    result = doctest.testmod(chrome)
    assert result.attempted >= 4 and result.failed == 0


def test_material_still_switches_palettes_with_the_attribute_we_preset() -> None:
    assets = MATERIAL / "assets"
    (script,) = (assets / "javascripts").glob("bundle.*.min.js")
    code = script.read_text("utf-8")
    assert 'document.body.setAttribute("data-md-color-switching","")' in code
    assert 'document.body.removeAttribute("data-md-color-switching")' in code
    (palette,) = (assets / "stylesheets").glob("palette.*.min.css")
    assert "[data-md-color-switching] *" in palette.read_text("utf-8")
