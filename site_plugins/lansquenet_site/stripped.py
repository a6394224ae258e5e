"""The engine's sources as the site's wheel carries them: without their comments and
docstrings, every line where it was (issue 54: the bytes a reader downloads).

The browser's Python never shows them: no reader calls ``help()``, and an error says its
last line only (engine-worker.mjs). Their words are 40 % of the wheel (137 400 bytes
against 81 882 at 1cc5439) and their docstrings sit in the memory snapshot's code objects.
Line numbers are kept (a comment's line ends where it began; a docstring's lines are left
empty), so a traceback from the browser points at the repository's lines. Only the site's
wheel (wheel.py) is stripped: ``pip install ./engine`` installs the sources as they are.

A docstring is the first statement of a module, class or function when it is a string
constant; where it is the body's only statement it becomes ``...``. The result is
compiled before it is used, and tests/site/test_stripped.py checks that its syntax tree is
the original's without its docstrings.

>>> print(strip('def f():\\n    \"\"\"Doc,\\n    two lines.\"\"\"\\n    return 1  # one\\n'), end="|")
def f():
<BLANKLINE>
<BLANKLINE>
    return 1
|
>>> strip('class A:\\n    "Only this."\\n')
'class A:\\n    ...\\n'
"""

from __future__ import annotations

import ast
import io
import tokenize

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def docstrings(tree: ast.Module) -> list[tuple[ast.Expr, bool]]:
    """Each docstring statement of ``tree``, and whether it is its body's only statement."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append((first, len(node.body) == 1))
    return found


def strip(source: str, name: str = "<engine>") -> str:
    """``source`` without comments and docstrings, on the same lines; compiled to check it."""
    lines = io.StringIO(source).readlines()  # as tokenize reads them (\n only)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:column].rstrip() + ("\n" if line.endswith("\n") else "")
    cuts = docstrings(ast.parse(source, name))
    # From the last: a cut never moves the lines of those before it. Columns are UTF-8 bytes.
    for statement, alone in sorted(cuts, key=lambda cut: (cut[0].lineno, cut[0].col_offset), reverse=True):
        start, end = statement.lineno, statement.end_lineno or statement.lineno
        head = lines[start - 1].encode("utf-8")[: statement.col_offset].decode("utf-8")
        tail = lines[end - 1].encode("utf-8")[statement.end_col_offset or 0 :].decode("utf-8")
        kept = (head + ("..." if alone else "") + tail) if alone or head.strip() or tail.strip() else "\n"
        lines[start - 1 : end] = [kept] + ["\n"] * (end - start)
    stripped = "".join(lines)
    compile(stripped, name, "exec", dont_inherit=True)
    return stripped
