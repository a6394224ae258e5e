"""The site's MkDocs plugins, one job each, as Material's own (``material/offline``…):
each module holds one plugin and its options (``enabled`` first), registered as an entry
point (site_plugins/pyproject.toml) and listed in mkdocs.yml.

- ``lansquenet`` (site.py): what the others share, made once per build (..site.py):
  the languages (static-i18n's), the words, the engine's wheel, each page's context, the
  HTML kept aside until a page is built; Material's missing words in the page's language;
- ``lansquenet/render`` (render.py): the fences of prose pages by name (a table: the
  rule pages' ```` ```lansquenet ```` scenarios…) and the cards' drawings;
- ``lansquenet/pages`` (pages.py): the play, lessons and odds pages;
- ``lansquenet/typography`` (typography.py): French typography of French prose;
- ``lansquenet/search`` (search.py): a search index per language, and Material's search
  worker held on the pages that start Python;
- ``lansquenet/not-found`` (not_found.py): a 404 page per language;
- ``lansquenet/offline`` (offline.py): the service worker and the script registering it;
- ``lansquenet/csp`` (csp.py): each page's Content-Security-Policy;
- ``lansquenet/minify`` (minify.py): one stylesheet; CSS, JavaScript and pages without
  comments or indentation;
- ``lansquenet/runtime`` (runtime.py): Pyodide and the engine's wheel in the site.

A built page goes through them in the order of their ``on_post_page`` priorities:
the kept HTML put back and the cards' drawings (0), typography (-5), offline and search
(-10), csp (-50: every inline script is there), minify (-100: scripts untouched, so the
hashes hold).
"""
