"""Repair templates over the syntax tree: the small, classic mutations that fix most one-token
bugs (operator swaps, a dropped operand, off-by-one, negated conditions, constants, swapped
arguments, a missing `return`, a wrong standard-library call, a wrong format spec), and one guided
by the failing assertions themselves: a returned string that lacks the text a test expected at its
start or end.

Each mutation rewrites one node of a suspicious line and becomes a search/replace edit of the
whole statement's source lines, so the edit is exact and the rest of the file keeps its format.
"""

from __future__ import annotations

import ast
import copy
import functools
import io
import re
import tokenize
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from agents.coding.repair.edits import Candidate, Edit

COMPARE_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE), ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}  # fmt: skip
BINOP_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub, ast.Mult), ast.Sub: (ast.Add,), ast.Mult: (ast.Div, ast.Add, ast.Pow),
    ast.Div: (ast.FloorDiv, ast.Mult), ast.FloorDiv: (ast.Div, ast.Mod), ast.Mod: (ast.FloorDiv,),
    ast.Pow: (ast.Mult,),
}  # fmt: skip
CALL_SWAPS = {
    "min": "max", "max": "min", "any": "all", "all": "any", "floor": "ceil", "ceil": "floor",
    "lstrip": "rstrip", "rstrip": "lstrip", "startswith": "endswith", "endswith": "startswith",
    "upper": "lower", "lower": "upper", "append": "extend", "extend": "append", "find": "rfind",
    "rfind": "find", "index": "rindex", "sort": "reverse", "int": "round", "round": "int",
    "sorted": "reversed", "split": "rsplit", "keys": "values", "values": "keys",
    "isdigit": "isalpha", "remove": "discard",
}  # fmt: skip
MAX_PER_LINE = 40

Mutation = tuple[str, ast.AST]  # (rule, mutated copy of the statement)
Change = Callable[[ast.AST], ast.AST | None]  # edits the node in place, or returns its stand-in


_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While,
             ast.With, ast.Try)  # fmt: skip
_ASSERTED_EQUAL = re.compile(r"assert (.+?) == (.+?)\s*$")


@dataclass(frozen=True)
class Gap:
    """Text a string result lacked: the expected value is `before + text + after`, the actual
    one `before + after`."""

    before: str
    text: str
    after: str


def candidates(
    path: str, source: str, lines: list[int], gaps: Sequence[Gap] = ()
) -> list[Candidate]:
    """Template candidates for the statements on `lines` of one file (most suspicious first).
    `gaps` are what the failing assertions found missing (see `missing_text`); the candidates
    they guide come first, as they follow the tests' own expectations."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    text_lines = source.splitlines(keepends=True)
    guided: list[Candidate] = []
    found: list[Candidate] = []
    seen: set[tuple[int, int]] = set()
    for line in lines:
        for statement in _statements_on(tree, line):
            span = (statement.lineno, statement.end_lineno or statement.lineno)
            if span in seen:
                continue
            seen.add(span)
            guided += _completed_return(path, text_lines, statement, gaps)
            found += _for_statement(path, text_lines, statement)
    guided += _completed_constants(path, text_lines, tree, gaps)
    found += _missing_returns(path, text_lines, tree, lines)
    found += _reordered_guards(path, text_lines, tree, lines)
    found += _mutable_defaults(path, text_lines, tree, lines)
    return guided + found


def missing_text(failures: list[str]) -> list[Gap]:
    """What string results lacked, from assertion messages such as `assert '/postsa' ==
    '/posts/a'`: the longer side is the shorter one with one piece of text inserted (at its
    start, its end or inside). Both sides are tried, as tests may put the expected value first."""
    found: list[Gap] = []
    for failure in failures:
        match = _ASSERTED_EQUAL.search(failure)
        if not match:
            continue
        try:
            left, right = ast.literal_eval(match[1]), ast.literal_eval(match[2])
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(left, str) and isinstance(right, str):
            found += [gap for gap in (_insertion(left, right), _insertion(right, left)) if gap]
    return list(dict.fromkeys(found))


def _insertion(short: str, long: str) -> Gap | None:
    if len(long) <= len(short):
        return None
    head = _common_start(short, long)
    tail = min(_common_start(short[::-1], long[::-1]), len(short) - head)
    if head + tail != len(short):
        return None  # more than one change
    return Gap(long[:head], long[head : len(long) - tail], long[len(long) - tail :])


def _common_start(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _completed_return(
    path: str, text_lines: list[str], statement: ast.stmt, gaps: Sequence[Gap]
) -> list[Candidate]:
    """A returned value lacking text at its start or end gets it."""
    if not isinstance(statement, ast.Return) or statement.value is None:
        return []
    found = []
    for gap in gaps:
        if gap.before and gap.after:
            continue
        mutated = copy.deepcopy(statement)
        value: ast.expr = mutated.value  # type: ignore[assignment]
        if not gap.before:
            value = ast.BinOp(ast.Constant(gap.text), ast.Add(), value)
        else:
            value = ast.BinOp(value, ast.Add(), ast.Constant(gap.text))
        mutated.value = value
        found += _rendered(path, text_lines, statement, [("expected-text", mutated)])
    return found


def _completed_constants(
    path: str, text_lines: list[str], tree: ast.AST, gaps: Sequence[Gap]
) -> list[Candidate]:
    """A string constant of the file that ends the text before the gap (or starts the text
    after it) gets the missing text: `PREFIX = "/posts"` becoming `"/posts/"`."""
    found: list[Candidate] = []
    if not gaps:
        return found
    for statement in ast.walk(tree):
        if not isinstance(statement, ast.stmt) or isinstance(statement, _COMPOUND):
            continue
        for index, node in enumerate(ast.walk(statement)):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value):
                continue
            for gap in gaps:
                if gap.before.endswith(node.value):
                    value = node.value + gap.text
                elif gap.after.startswith(node.value):
                    value = gap.text + node.value
                else:
                    continue
                mutated = copy.deepcopy(statement)
                list(ast.walk(mutated))[index].value = value  # type: ignore[attr-defined]
                found += _rendered(path, text_lines, statement, [("expected-text", mutated)])
    return found[:MAX_PER_LINE]


def _statements_on(tree: ast.AST, line: int) -> list[ast.stmt]:
    """The innermost simple statements (or compound headers) covering `line`."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or node.lineno > line:
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        end = _header_end(node)
        if node.lineno <= line <= end:
            found.append(node)
    return found


def _header_end(node: ast.stmt) -> int:
    """A compound statement is mutated in its header only (`if x < y:`), never its body."""
    body = getattr(node, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
        return body[0].lineno - 1
    return node.end_lineno or node.lineno


def _for_statement(path: str, text_lines: list[str], statement: ast.stmt) -> list[Candidate]:
    return _rendered(path, text_lines, statement, list(_mutations(statement))[:MAX_PER_LINE])


def _rendered(
    path: str, text_lines: list[str], statement: ast.stmt, mutations: list[Mutation]
) -> list[Candidate]:
    """Each mutated copy of `statement` as an exact edit of its source lines (a compound
    statement's header only)."""
    start, end = statement.lineno, _header_end(statement)
    original = "".join(text_lines[start - 1 : end])
    indent = original[: len(original) - len(original.lstrip())]
    found, rendered = [], {original}
    for rule, mutated in mutations:
        replacement = _render(mutated, indent, original)
        if replacement is None or replacement in rendered:
            continue
        rendered.add(replacement)
        found.append(
            Candidate((Edit(path, original, replacement),), f"template:{rule}", f"{path}:{start}")
        )
    return found


def _render(statement: ast.AST, indent: str, original: str) -> str | None:
    if isinstance(statement, ast.If | ast.While | ast.For | ast.With):
        header = ast.unparse(_header_only(statement)).splitlines()[0]
    else:
        header = ast.unparse(statement)
    if "\n" in header:
        return None
    if original.lstrip().startswith("elif ") and header.startswith("if "):
        header = "el" + header
    return f"{indent}{header}{_trailing_comment(original)}\n"


def _header_only(node: ast.stmt) -> ast.stmt:
    bare = copy.copy(node)
    bare.body = [ast.Pass()]  # type: ignore[attr-defined]
    if hasattr(bare, "orelse"):
        bare.orelse = []  # type: ignore[attr-defined]
    return bare


def _trailing_comment(original: str) -> str:
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(original).readline))
    except (tokenize.TokenError, SyntaxError):
        return ""
    comments = [t.string for t in tokens if t.type == tokenize.COMMENT]
    return f"  {comments[-1]}" if comments else ""


def _mutations(statement: ast.stmt) -> Iterator[Mutation]:
    targets = list(ast.walk(_mutable_part(statement)))
    for index, node in enumerate(targets):
        for rule, change in _node_mutations(node):
            mutated = copy.deepcopy(statement)
            part = _mutable_part(mutated)
            target = list(ast.walk(part))[index]
            replacement = change(target)
            if replacement is not None:
                _replace_node(mutated, target, replacement)
            yield rule, mutated
    if isinstance(statement, ast.If | ast.While):
        yield "negate-condition", _negated(statement)


def _mutable_part(statement: ast.stmt) -> ast.AST:
    """What a mutation may touch: a compound statement's header, never its body."""
    if isinstance(statement, ast.If | ast.While):
        return statement.test
    if isinstance(statement, ast.For):
        return statement.iter
    if hasattr(statement, "body"):
        return ast.Pass()
    return statement


def _replace_node(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for node in ast.walk(tree):
        for name, value in ast.iter_fields(node):
            if value is old:
                setattr(node, name, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                value[[id(item) for item in value].index(id(old))] = new
                return


def _node_mutations(node: ast.AST) -> Iterator[tuple[str, Change]]:
    if isinstance(node, ast.Compare):
        for other in COMPARE_SWAPS.get(type(node.ops[0]), ()):
            yield "compare-operator", _set_attr("ops", lambda n, o=other: [o(), *n.ops[1:]])
    elif isinstance(node, ast.BinOp):
        for other in BINOP_SWAPS.get(type(node.op), ()):
            yield "binary-operator", _set_attr("op", lambda n, o=other: o())
        # `cents / 100` where the callee wants the cents: one side of the operation dropped
        yield "drop-operand", lambda n: n.left  # type: ignore[attr-defined]
        yield "drop-operand", lambda n: n.right  # type: ignore[attr-defined]
    elif isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield "boolean-operator", _set_attr("op", lambda n, o=other: o())
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "drop-not", lambda n: n.operand  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant):
        yield from _constant_mutations(node)
    elif isinstance(node, ast.Call):
        yield from _call_mutations(node)
    elif isinstance(node, ast.Subscript | ast.Slice):
        yield from _index_mutations(node)
    elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
        yield "format-spec", _set_attr("format_spec", lambda n: None)


def _constant_mutations(node: ast.Constant) -> Iterator[tuple[str, Change]]:
    value = node.value
    if isinstance(value, bool):
        yield "constant", _set_attr("value", lambda n: not n.value)
    elif isinstance(value, int):
        yield "off-by-one", _set_attr("value", lambda n: n.value + 1)
        yield "off-by-one", _set_attr("value", lambda n: n.value - 1)
        if value not in (0, 1):
            yield "constant", _set_attr("value", lambda n: 0)
    elif isinstance(value, float):
        yield "constant", _set_attr("value", lambda n: n.value * 10)
        yield "constant", _set_attr("value", lambda n: n.value / 10)
    elif isinstance(value, str) and len(value) <= 3:
        swaps = {" ": "", "": " ", ",": ", ", ", ": ",", "-": "_", "_": "-"}
        if value in swaps:
            yield "constant", _set_attr("value", lambda n, v=swaps[value]: v)


def _call_mutations(node: ast.Call) -> Iterator[tuple[str, Change]]:
    name = _called_name(node)
    if name in CALL_SWAPS:
        yield "standard-library-call", functools.partial(_rename_call, new=CALL_SWAPS[name])
    if len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args):
        yield "swapped-arguments", _swap_first_arguments
    if name == "range" and node.args:
        yield "off-by-one", lambda n: _shift_argument(n, -1, +1)
        yield "off-by-one", lambda n: _shift_argument(n, -1, -1)
        if len(node.args) >= 2:
            yield "off-by-one", lambda n: _shift_argument(n, 0, +1)
            yield "off-by-one", lambda n: _shift_argument(n, 0, -1)
    if name in ("sorted", "sort") and not any(k.arg == "reverse" for k in node.keywords):
        yield "standard-library-call", _add_reverse


def _index_mutations(node: ast.AST) -> Iterator[tuple[str, Change]]:
    if isinstance(node, ast.Slice):
        for part in ("lower", "upper"):
            if getattr(node, part) is not None:
                yield "off-by-one", functools.partial(_shift, attribute=part, by=+1)
                yield "off-by-one", functools.partial(_shift, attribute=part, by=-1)
    elif isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice | ast.Constant):
        yield "off-by-one", lambda n: _shift(n, "slice", +1)
        yield "off-by-one", lambda n: _shift(n, "slice", -1)


def _missing_returns(
    path: str, text_lines: list[str], tree: ast.AST, lines: list[int]
) -> list[Candidate]:
    """A function that computes a value in its last statement but never returns it."""
    found = []
    wanted = set(lines)
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        span = set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if not span & wanted or any(isinstance(n, ast.Return) for n in ast.walk(node)):
            continue
        last = node.body[-1]
        if last.lineno != last.end_lineno:
            continue
        original = text_lines[last.lineno - 1]
        indent = original[: len(original) - len(original.lstrip())]
        if isinstance(last, ast.Expr):
            new = f"{indent}return {ast.unparse(last.value)}\n"
        elif isinstance(last, ast.Assign) and isinstance(last.targets[0], ast.Name):
            new = f"{original.rstrip()}\n{indent}return {last.targets[0].id}\n"
        else:
            continue
        edit = Edit(path, original, new)
        found.append(Candidate((edit,), "template:missing-return", f"{path}:{last.lineno}"))
    return found


def _reordered_guards(
    path: str, text_lines: list[str], tree: ast.AST, lines: list[int]
) -> list[Candidate]:
    """A guard clause (`if ...: return`) tested too late: a suspicious guard answers first for
    input a later, narrower guard was meant for (FizzBuzz's 15 after its 3). Each of the next
    guards is moved before it."""
    found, wanted = [], set(lines)
    for node in ast.walk(tree):
        for body in (getattr(node, "body", None), getattr(node, "orelse", None)):
            if not isinstance(body, list):
                continue
            for index, statement in enumerate(body):
                if statement.lineno not in wanted or not _is_guard(statement):
                    continue
                for later in body[index + 1 : index + 4]:
                    if not _is_guard(later):
                        break
                    first, end = statement.lineno - 1, later.end_lineno or later.lineno
                    moved = text_lines[later.lineno - 1 : end]
                    between = text_lines[first : later.lineno - 1]
                    edit = Edit(path, "".join(text_lines[first:end]), "".join(moved + between))
                    found.append(Candidate((edit,), "template:guard-order", f"{path}:{later.lineno}"))  # fmt: skip
    return found


def _is_guard(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.If)
        and not statement.orelse
        and isinstance(statement.body[-1], ast.Return | ast.Raise)
    )


def _mutable_defaults(
    path: str, text_lines: list[str], tree: ast.AST, lines: list[int]
) -> list[Candidate]:
    """A list, dict or set default shared by every call: `None`, and a fresh one made inside."""
    found, wanted = [], set(lines)
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if not set(range(node.lineno, (node.end_lineno or node.lineno) + 1)) & wanted:
            continue
        positional = [*node.args.posonlyargs, *node.args.args]
        with_defaults = positional[len(positional) - len(node.args.defaults) :]
        pairs = [*zip(with_defaults, node.args.defaults, strict=True),
                 *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)]  # fmt: skip
        for argument, default in pairs:
            if default is not None and _is_mutable(default):
                edit = _fresh_default(path, text_lines, node, argument.arg, default)
                if edit is not None:
                    found.append(Candidate((edit,), "template:mutable-default", f"{path}:{node.lineno}"))  # fmt: skip
    return found


def _is_mutable(default: ast.expr) -> bool:
    if isinstance(default, ast.List | ast.Dict | ast.Set):
        return True
    return (
        isinstance(default, ast.Call)
        and isinstance(default.func, ast.Name)
        and default.func.id in ("list", "dict", "set")
    )


def _fresh_default(
    path: str, text_lines: list[str], function: ast.FunctionDef | ast.AsyncFunctionDef,
    name: str, default: ast.expr,
) -> Edit | None:  # fmt: skip
    if default.lineno != default.end_lineno:
        return None
    first = function.body[0]
    keep = 1 if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) else 0
    if len(function.body) <= keep:
        return None
    body_line = function.body[keep].lineno
    header = text_lines[function.lineno - 1 : body_line - 1]
    row = header[default.lineno - function.lineno].encode()
    start, end = default.col_offset, default.end_col_offset or default.col_offset
    header[default.lineno - function.lineno] = (row[:start] + b"None" + row[end:]).decode()
    source = row[start:end].decode()
    statement_line = text_lines[body_line - 1]
    indent = statement_line[: len(statement_line) - len(statement_line.lstrip())]
    fresh = f"{indent}if {name} is None:\n{indent}    {name} = {source}\n"
    search = "".join(text_lines[function.lineno - 1 : body_line])
    return Edit(path, search, "".join([*header, fresh, statement_line]))


# --- the changes themselves ---------------------------------------------------------------------
def _set_attr(name: str, value: Callable[..., object]) -> Change:
    def change(node: ast.AST) -> None:
        setattr(node, name, value(node))

    return change


def _negated(statement: ast.If | ast.While) -> ast.stmt:
    mutated = copy.deepcopy(statement)
    test = mutated.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        mutated.test = test.operand
    else:
        mutated.test = ast.UnaryOp(op=ast.Not(), operand=test)
    return mutated


def _called_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def _rename_call(node: ast.AST, new: str) -> None:
    assert isinstance(node, ast.Call)
    if isinstance(node.func, ast.Name):
        node.func.id = new
    elif isinstance(node.func, ast.Attribute):
        node.func.attr = new


def _swap_first_arguments(node: ast.AST) -> None:
    assert isinstance(node, ast.Call)
    node.args[0], node.args[1] = node.args[1], node.args[0]


def _shift_argument(node: ast.AST, index: int, by: int) -> None:
    assert isinstance(node, ast.Call)
    node.args[index] = _plus(node.args[index], by)


def _shift(node: ast.AST, attribute: str, by: int) -> None:
    setattr(node, attribute, _plus(getattr(node, attribute), by))


def _plus(expression: ast.expr, by: int) -> ast.expr:
    if isinstance(expression, ast.Constant) and type(expression.value) is int:
        return ast.Constant(expression.value + by)
    if (
        isinstance(expression, ast.BinOp)
        and isinstance(expression.right, ast.Constant)
        and type(expression.right.value) is int
        and isinstance(expression.op, ast.Add | ast.Sub)
    ):
        sign = 1 if isinstance(expression.op, ast.Add) else -1
        total = sign * expression.right.value + by
        if total == 0:
            return expression.left
        op: ast.operator = ast.Add() if total > 0 else ast.Sub()
        return ast.BinOp(expression.left, op, ast.Constant(abs(total)))
    return ast.BinOp(expression, ast.Add() if by > 0 else ast.Sub(), ast.Constant(abs(by)))


def _add_reverse(node: ast.AST) -> None:
    assert isinstance(node, ast.Call)
    node.keywords.append(ast.keyword("reverse", ast.Constant(True)))
