"""The devices the browser tests play on, as markers for pytest-playwright's context:
``@PHONE`` on a test gives its ``page`` a 360×740 touch phone (a fresh context, with
everything conftest.py's ``context`` adds)."""

from __future__ import annotations

import pytest

PHONE_SIZE = {"width": 360, "height": 740}
PHONE = pytest.mark.browser_context_args(viewport=PHONE_SIZE, has_touch=True, is_mobile=True)
