"""Plural rules as gettext writes them: a catalogue's ``Plural-Forms`` header, read
and evaluated safely (a small parser of the C-like expression, never ``eval``).

A language says in its catalogue how many forms a counted word has and which one a
number takes (``locales/<lang>/lansquenet.po``'s header), e.g. French
``nplurals=2; plural=(n > 1);`` (0 and 1 singular), English ``nplurals=2;
plural=(n != 1);`` (0 plural), Polish ``nplurals=3; plural=(n==1 ? 0 : n%10>=2 &&
n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);``. The expression's grammar is gettext's:
the number ``n``, whole numbers, parentheses, ``! * / % + - < > <= >= == != && ||`` and
``? :``, with C's precedence; a comparison is 1 or 0, a division truncates toward zero.

The expression is parsed once into a tree of plain data (:attr:`PluralRule.tree`: a
number, ``"n"``, or ``[operator, operand…]``; ``"?"`` for ``? :``) that Python walks here
and the pages' scripts walk as JSON (``docs/assets/js/words.js``), so both pick the same
form without either evaluating text.

>>> polish = rule("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
>>> polish.forms, [polish(n) for n in (1, 2, 5, 22, 12, 0)]
(3, [0, 1, 2, 1, 2, 2])
>>> rule("nplurals=2; plural=(n > 1);").tree
('>', 'n', 1)
>>> rule("nplurals=2; plural=(n > 1);")(0), rule("nplurals=2; plural=n != 1;")(0)
(0, 1)
>>> rule("nplurals=2; plural=__import__('os');")
Traceback (most recent call last):
ValueError: a plural expression cannot hold '_' (at 0)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

__all__ = ["PluralRule", "Tree", "rule"]

MAX_LENGTH = 500  # a plural expression's length (Arabic's, the longest known, is about 130)
MAX_DEPTH = 40  # its nesting
Tree: TypeAlias = "int | str | tuple[Tree, ...]"  # a number, "n", or (operator, operand, …)

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(<=|>=|==|!=|&&|\|\||[-+*/%<>!?:()]))")
_BINARY: dict[str, Callable[[int, int], int]] = {
    "||": lambda a, b: int(bool(a) or bool(b)),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: _quotient(a, b),
    "%": lambda a, b: a - b * _quotient(a, b),
}
# Binary operators from the loosest to the tightest (C's order); ``?:`` is looser still.
_LEVELS = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%"))


def _quotient(a: int, b: int) -> int:
    """C's division: toward zero (``-7 / 2`` is ``-3``), as the pages' scripts divide.

    >>> _quotient(-7, 2), _quotient(7, -2), _quotient(7, 2)
    (-3, -3, 3)
    """
    if b == 0:
        raise ValueError("a plural expression divided by zero")
    whole = abs(a) // abs(b)
    return whole if (a < 0) == (b < 0) else -whole


def _walk(tree: Tree, n: int) -> int:
    """The value of ``tree`` for ``n``: every operand of an operator is computed (as
    the pages' scripts do), ``? :`` computes its test and the branch it takes."""
    if isinstance(tree, int):
        return tree
    if isinstance(tree, str):
        return n
    if tree[0] == "?":
        return _walk(tree[2] if _walk(tree[1], n) else tree[3], n)
    if tree[0] == "!":
        return int(not _walk(tree[1], n))
    return _BINARY[str(tree[0])](_walk(tree[1], n), _walk(tree[2], n))


class _Parser:
    """A recursive-descent parser of one expression into its :data:`Tree`."""

    def __init__(self, text: str) -> None:
        self.tokens: list[tuple[str, int]] = []  # (token, where)
        at = 0
        while at < len(text):
            found = _TOKEN.match(text, at)
            if found is None:
                if text[at:].strip() == "":
                    break
                where = at + len(text[at:]) - len(text[at:].lstrip())
                raise ValueError(f"a plural expression cannot hold {text[where]!r} (at {where})")
            self.tokens.append((found.group(found.lastindex or 0), found.start(found.lastindex or 0)))
            at = found.end()
        self.at = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise ValueError(f"a plural expression expected {expected or 'more'} at token {self.at}")
        self.at += 1
        return token

    def whole(self) -> Tree:
        node = self.ternary()
        if self.peek() is not None:
            raise ValueError(f"a plural expression has {self.peek()!r} left over")
        return node

    def ternary(self) -> Tree:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ValueError("a plural expression nested too deep")
        test = self.binary(0)
        if self.peek() == "?":
            self.take("?")
            yes = self.ternary()
            self.take(":")
            no = self.ternary()
            self.depth -= 1
            return ("?", test, yes, no)
        self.depth -= 1
        return test

    def binary(self, level: int) -> Tree:
        if level == len(_LEVELS):
            return self.unary()
        node = self.binary(level + 1)
        while self.peek() in _LEVELS[level]:
            node = (self.take(), node, self.binary(level + 1))
        return node

    def unary(self) -> Tree:
        token = self.take()
        if token == "!":
            return ("!", self.unary())
        if token == "(":
            inner = self.ternary()
            self.take(")")
            return inner
        if token == "n":
            return "n"
        if token.isdigit():
            return int(token)
        raise ValueError(f"a plural expression cannot have {token!r} there")


@dataclass(frozen=True)
class PluralRule:
    """A language's plural rule: how many ``forms`` a counted word has, and which one a
    number takes (calling the rule). A form the catalogue does not have (the expression
    and ``nplurals`` disagree) is the first one, as GNU gettext does."""

    forms: int
    expression: str
    tree: Tree

    def __call__(self, n: int) -> int:
        form = _walk(self.tree, n)
        return form if 0 <= form < self.forms else 0

    def json(self) -> dict[str, Any]:
        """The rule as the pages' scripts read it (``words.js``: ``pluralForm``).

        >>> rule("nplurals=2; plural=!n;").json()
        {'forms': 2, 'tree': ('!', 'n')}
        """
        return {"forms": self.forms, "tree": self.tree}


def rule(header: str) -> PluralRule:
    """The rule of a ``Plural-Forms`` header's value (``nplurals=N; plural=EXPR;``).

    Raises :class:`ValueError` for what is not one.

    >>> rule("nplurals=1; plural=0;")(7)
    0
    >>> rule("plural=(n != 1);")
    Traceback (most recent call last):
    ValueError: a Plural-Forms header is nplurals=N; plural=EXPRESSION;
    """
    found = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+?)\s*;?\s*", header)
    if found is None:
        raise ValueError("a Plural-Forms header is nplurals=N; plural=EXPRESSION;")
    forms, expression = int(found[1]), found[2]
    if not 1 <= forms <= 10 or len(expression) > MAX_LENGTH:
        raise ValueError("a Plural-Forms header has 1 to 10 forms and a short expression")
    return PluralRule(forms, expression, _Parser(expression).whole())
