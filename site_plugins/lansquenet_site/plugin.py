"""The `lansquenet` MkDocs plugin (stub, filled in by the site work)."""

from mkdocs.plugins import BasePlugin


class LansquenetPlugin(BasePlugin):  # type: ignore[type-arg]
    """Renders ```lansquenet fences and copies the browser runtime."""
