"""``types/bridge.d.ts`` written from the bridge's contract (:mod:`lansquenet.protocol`), and
a value checked against it.

``python -m lansquenet_site.bridge`` (``make bridge``) writes the file; ``--check`` only
says whether the committed one is current (tests/site/test_bridge.py runs it). The
declarations are read twice: their types through :mod:`typing`, their order, bases and
comments (the strings under a class and its fields, the ``# ---`` lines between them)
from the module's source, so the TypeScript says what the Python says, in its order.
"""

from __future__ import annotations

import ast
import inspect
import sys
import types
import typing
from pathlib import Path
from typing import Any

from lansquenet import protocol

OUT = Path("types/bridge.d.ts")
HEADER = """\
// GENERATED from engine/lansquenet/protocol.py by `make bridge` (python -m
// lansquenet_site.bridge): edit the Python, never this file (tests/site/test_bridge.py
// fails when the two differ). The bridge between the pages and the engine, as types:
// every request a page sends to the Pyodide worker (engine.js call -> engine-worker.mjs
// -> lansquenet.web.handle) and every answer it gets back, the engine's display-ready step
// that step-view.js draws, and the worker's messages. Read by `tsc --noEmit` only
// (tsconfig.json): never served. The JavaScript names them with JSDoc, e.g.
// `@param {Bridge.Position} position`.
//
// A page never decides a rule: these types say the shape of what the engine answers,
// not what it allows.
"""
SCALARS: dict[object, str] = {
    str: "string",
    int: "number",
    float: "number",
    bool: "boolean",
    type(None): "null",
    Any: "any",
    object: "unknown",
}


def key(name: str) -> str:
    """The key a field declares: a Python keyword's trailing underscore dropped."""
    return name.removesuffix("_")


def _string_after(body: list[ast.stmt], at: int) -> str | None:
    """The string that stands under ``body[at]`` (its comment), if any."""
    after = body[at + 1] if at + 1 < len(body) else None
    if (
        isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    ):
        return after.value.value
    return None


def _aliases() -> dict[object, str]:
    source = ast.parse(inspect.getsource(protocol))
    return {
        getattr(protocol, node.target.id): node.target.id
        for node in source.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and ast.unparse(node.annotation) == "TypeAlias"
    }


def ts(kind: object, aliases: dict[object, str], inner: bool = False) -> str:
    """The TypeScript of a Python type (``inner``: inside an array, a union is bracketed)."""
    if kind in aliases:
        return aliases[kind]
    if kind in SCALARS:
        return SCALARS[kind]
    if typing.is_typeddict(kind):
        return typing.cast(type, kind).__name__
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        text = " | ".join(f'"{value}"' for value in args)
        return f"({text})" if inner and len(args) > 1 else text
    if origin in (typing.Union, types.UnionType):
        text = " | ".join(ts(arg, aliases) for arg in args)
        return f"({text})" if inner else text
    if origin is list:
        return ts(args[0], aliases, inner=True) + "[]"
    if origin is tuple:
        return "[" + ", ".join(ts(arg, aliases) for arg in args) + "]"
    if origin is dict:
        return f"Record<{ts(args[0], aliases)}, {ts(args[1], aliases)}>"
    raise TypeError(f"no TypeScript for {kind!r}")


def _doc(text: str, indent: str) -> list[str]:
    lines = inspect.cleandoc(text).splitlines()
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


def _interface(node: ast.ClassDef, aliases: dict[object, str]) -> list[str]:
    kind = getattr(protocol, node.name)
    hints = typing.get_type_hints(kind)
    bases = [ast.unparse(base) for base in node.bases if ast.unparse(base) != "TypedDict"]
    head = f"interface {node.name}" + (f" extends {', '.join(bases)}" if bases else "")
    fields: list[tuple[str, list[str]]] = []
    body = node.body[1:] if ast.get_docstring(node) else node.body
    for at, item in enumerate(body):
        if not isinstance(item, ast.AnnAssign) or not isinstance(item.target, ast.Name):
            continue
        name = item.target.id
        doc = _string_after(body, at)
        optional = "?" if name in kind.__optional_keys__ else ""
        line = f"{key(name)}{optional}: {ts(hints[name], aliases)};"
        fields.append((line, _doc(doc, "    ") if doc else []))
    if kind in protocol.OPEN_ENDED:
        fields.append(("[more: string]: unknown;", []))
    lines = _doc(ast.get_docstring(node) or "", "  ") if ast.get_docstring(node) else []
    one_line = f"  {head} {{ {' '.join(line for line, _ in fields)} }}" if fields else f"  {head} {{}}"
    if all(not doc for _, doc in fields) and len(one_line) <= 110:
        return [*lines, one_line]
    members = [text for line, doc in fields for text in (*doc, f"    {line}")]
    return [*lines, f"  {head} {{", *members, "  }"]


def _answer_to(aliases: dict[object, str]) -> list[str]:
    lines = ["  /** The answer to a request, by its op. */", "  type AnswerTo<R extends Request> ="]
    for at, (requests, answer) in enumerate(protocol.ANSWERS):
        asked = " | ".join(ts(request, aliases) for request in requests)
        lines.append(f"    {':' if at else ' '} R extends {asked} ? {ts(answer, aliases)}")
    lines.append("    : never;")
    return lines


def generate() -> str:
    """The text of ``types/bridge.d.ts``."""
    source = inspect.getsource(protocol)
    module = ast.parse(source)
    rows = source.splitlines()
    aliases = _aliases()
    out = [HEADER, "declare namespace Bridge {"]
    last = module.body[0].end_lineno or 0  # the module's docstring
    for at, node in enumerate(module.body):
        start = node.lineno
        heads = [row[2:] for row in rows[last : start - 1] if row.startswith("# --- ")]
        last = node.end_lineno or start
        out += [line for head in heads for line in ("", f"  // {head}")]
        if isinstance(node, ast.ClassDef):
            out += ["", *_interface(node, aliases)]
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id in aliases.values()
        ):
            name = node.target.id
            doc = _string_after(module.body, at)
            value = getattr(protocol, name)
            text = ts(value, {k: v for k, v in aliases.items() if v != name})
            out += ["", *(_doc(doc, "  ") if doc else []), *_wrapped(f"type {name} = ", text)]
            if name == "Request":
                out += ["", *_answer_to(aliases)]
    out.append("}")
    return "\n".join(out) + "\n"


def _wrapped(head: str, union: str) -> list[str]:
    """``type X = A | B ...``, on several lines when long."""
    if len(head) + len(union) <= 106:
        return [f"  {head}{union};"]
    parts = union.split(" | ")
    lines, row = [f"  {head}"], "   "
    for part in parts:
        piece = f" | {part}" if row.strip() else f" {part}"
        if len(row) + len(piece) > 100:
            lines.append(row)
            row = f"    | {part}"
        else:
            row += piece
    return [*lines, row + ";"]


def mismatches(value: object, kind: object, where: str = "") -> list[str]:
    """Where ``value`` (decoded JSON) leaves the declared type ``kind``: none when it fits."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is Any or kind is object:
        return []
    if kind is float:
        return (
            []
            if isinstance(value, int | float) and not isinstance(value, bool)
            else [f"{where}: not a number"]
        )
    if kind in (str, int, bool, type(None)):
        fits = isinstance(value, typing.cast(type, kind)) and (kind is bool or not isinstance(value, bool))
        return [] if fits else [f"{where}: {value!r:.40} is not {ts(kind, {})}"]
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r:.40} is not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        found = [mismatches(value, arg, where) for arg in args]
        return [] if any(not found_one for found_one in found) else min(found, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [
            wrong for at, item in enumerate(value) for wrong in mismatches(item, args[0], f"{where}[{at}]")
        ]
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            return [f"{where}: not a list of {len(args)}"]
        return [
            wrong
            for at, (item, arg) in enumerate(zip(value, args, strict=True))
            for wrong in mismatches(item, arg, f"{where}[{at}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        return [
            wrong for name, item in value.items() for wrong in mismatches(item, args[1], f"{where}.{name}")
        ]
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: not an object ({typing.cast(type, kind).__name__})"]
        hints = typing.get_type_hints(kind)
        keys = {key(name): name for name in hints}
        wrong = [f"{where}.{key(name)}: missing" for name in kind.__required_keys__ if key(name) not in value]  # type: ignore[attr-defined]
        for name, item in value.items():
            if name in keys:
                wrong += mismatches(item, hints[keys[name]], f"{where}.{name}")
            elif kind not in protocol.OPEN_ENDED:
                wrong.append(f"{where}.{name}: not declared in {typing.cast(type, kind).__name__}")
        return wrong
    raise TypeError(f"no check for {kind!r}")


def main(argv: list[str]) -> int:
    """Write ``types/bridge.d.ts`` (from the repository's root), or with ``--check`` say
    whether it is current."""
    text = generate()
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") == text
        print(f"{OUT} is {'current' if current else 'stale: run make bridge'}")
        return 0 if current else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
