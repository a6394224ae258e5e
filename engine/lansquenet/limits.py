"""The limits every reader of a scenario applies (CONFORMANCE.md, "Limits").

Whole numbers are safe integers (at most 2^53 - 1, the largest a JavaScript number
holds exactly); JSON nested more than 64 levels deep, ``NaN`` or ``Infinity`` and text
over 16 MB are not scenarios. :func:`read_json` reads JSON text under these limits
without ever recursing deeper than they allow (the depth is measured on the text,
before any parser sees it), and :func:`too_deep` measures a value already decoded.

>>> read_json('{"a": [1, 2.5]}')
{'a': [1, 2.5]}
>>> read_json("[" * 65 + "]" * 65)
Traceback (most recent call last):
lansquenet.refusals.NotAScenario: nested more than 64 levels deep
>>> read_json('{"n": NaN}')
Traceback (most recent call last):
lansquenet.refusals.NotAScenario: not JSON: NaN is not a number JSON allows
>>> safe_whole(2**53 - 1), safe_whole(2**53), safe_whole(True), safe_whole(0, least=1)
(True, False, False, False)
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, TypeGuard

from .refusals import LansquenetError, NotAScenario

MAX_SAFE = 2**53 - 1  # 9 007 199 254 740 991: JavaScript's Number.MAX_SAFE_INTEGER
MAX_DEPTH = 64  # levels of nesting: ``[]`` is one, ``[[]]`` two
MAX_BYTES = 16 * 1024 * 1024  # a scenario's text, in UTF-8
MAX_DEALS = 1_000_000  # the most deals one simulation plays (the odds page's most)

# A JSON string (escapes included), or one bracket: what the depth is measured on.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def safe_whole(value: object, least: int = 0) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from ``least`` to 2^53 - 1 (``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= MAX_SAFE


def text_depth(text: str) -> int:
    """How deep JSON text nests, counted on its brackets outside strings, in linear time
    without recursion (for text that is not JSON, at least the depth a parser would
    reach before failing).

    >>> text_depth('{"a": ["[[[", {}]}'), text_depth("1"), text_depth('"[')
    (3, 0, 1)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether a decoded value nests more than ``limit`` levels (lists and objects),
    or holds a number that is not finite; walked without recursion.

    >>> too_deep([[1]], 2), too_deep([[1]], 1), too_deep({"a": [float("nan")]})
    (False, True, True)
    """
    if not isinstance(value, dict | list | tuple):
        return isinstance(value, float) and not math.isfinite(value)
    # Only containers are queued (a scenario's scalars are most of its values: a
    # 1 000-action link holds 6 000 of them, benchmark 9c); each is checked where it lies.
    todo: list[tuple[dict[Any, Any] | list[Any] | tuple[Any, ...], int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth >= limit:
            return True
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list | tuple):
                todo.append((child, depth + 1))
            elif isinstance(child, float) and not math.isfinite(child):
                return True
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large a number")
    return number


def read_json(
    text: str, error: type[LansquenetError] = NotAScenario, depth: int = MAX_DEPTH, size: int = MAX_BYTES
) -> Any:
    """Decode JSON text under the limits, or raise ``error`` saying which one it breaks."""
    if len(text) > size or (len(text) * 4 > size and len(text.encode("utf-8", "surrogatepass")) > size):
        raise error(f"larger than {size // (1024 * 1024)} MB")
    if text_depth(text) > depth:
        raise error(f"nested more than {depth} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as problem:  # JSONDecodeError is a ValueError
        raise error(f"not JSON: {problem}") from None
