"""Browser libraries from the pinned npm packages, copied into the built site (never a
CDN): ``assets/vendor/qrcode.mjs``, the QR code generator (npm ``qrcode-generator``,
pinned in package.json) that the projector view's code draws with (assets/js/share.js).
"""

from __future__ import annotations

import shutil
from pathlib import Path

# Each library: its file in node_modules, and where the site serves it.
LIBRARIES = {"qrcode-generator/dist/qrcode.mjs": "assets/vendor/qrcode.mjs"}


def copy_libraries(root: Path, site: Path) -> list[Path]:
    """Copy each of :data:`LIBRARIES` from ``root``'s node_modules into ``site``."""
    copied = []
    for source, target in LIBRARIES.items():
        found = root / "node_modules" / source
        if not found.is_file():
            raise FileNotFoundError(f"{found} is missing: run `make setup` (npm ci)")
        path = site / target
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(found, path)
        copied.append(path)
    return copied
