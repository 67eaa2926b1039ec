# mypy: disable-error-code="union-attr"
"""The repair strategy of the coding workflow: the real sandbox, the platform's pytest, the
scripted model only where the model is asked. Templates fix what they can without the model;
the model's sampled edits are validated the same way; a repository whose tests pass is left as
it is."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.coding.repair import templates
from agents.coding.repair.localise import ochiai
from agents.coding.repair.model import Window, parsed_edit
from agents.coding.repair.recovery import syntax_candidates, syntax_errors
from agents.coding.repair.renames import rename_candidates
from agents.coding.strategy import describes_change
from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from tests.agents.conftest import write_files
from tests.agents.test_coding import artifacts, run_coding
from tests.support.fake_openai import FakeOpenAI

TWO_FILES = {
    "shop/__init__.py": "",
    "shop/pricing.py": "def discounted(price, percent):\n    return price * (100 + percent) / 100\n",
    "shop/stock.py": "def in_stock(count, wanted):\n    return count > wanted\n",
    "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef price():\n    return 200\n",
    "tests/test_shop.py": (
        "import pytest\nfrom shop.pricing import discounted\nfrom shop.stock import in_stock\n\n\n"
        "def test_discount(price):\n    assert discounted(price, 25) == 150\n\n\n"
        "@pytest.mark.parametrize('count,wanted,ok', [(3, 3, True), (2, 3, False), (5, 1, True)])\n"
        "def test_stock(count, wanted, ok):\n    assert in_stock(count, wanted) is ok\n"
    ),
}


def events(ctx: InMemoryContext, kind: str) -> list[dict[str, Any]]:
    return [data for k, data in ctx.events if k == kind]


def test_a_two_location_bug_is_fixed_by_templates_without_asking_the_model(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, TWO_FILES)
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    result = run_coding(ctx, cp, task="Discounts and stock checks are wrong.", strategy="repair")

    assert result.finish.status == "succeeded", result.finish.output
    assert fake_model.requests == []  # no model call at all
    assert "return price * (100 - percent) / 100" in (workspace / "shop/pricing.py").read_text()
    assert "return count >= wanted" in (workspace / "shop/stock.py").read_text()
    localised = events(ctx, "localisation")[0]
    assert {f["path"] for f in localised["files"][:2]} == {"shop/pricing.py", "shop/stock.py"}
    tried = events(ctx, "repair_candidate")
    assert any(e["verdict"] == "valid" and "+" in e["origin"] for e in tried)  # the pair
    assert any(e["verdict"] == "breaks passing tests" for e in tried)  # and what was refused
    record = json.loads(artifacts(result)["repair.json"]["content"])
    assert record[0]["chosen_origin"].startswith("template:")
    assert result.finish.output["repair"][0]["fixed"] is True


def test_the_models_sampled_edits_are_validated_when_templates_find_nothing(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(
        workspace,
        {
            "greet.py": "def greet(name):\n    return 'Helo, ' + name\n",
            "test_greet.py": "from greet import greet\n\n\ndef test_greet():\n"
            "    assert greet('Ada') == 'Hello, Ada'\n",
        },
    )
    wrong = {"line": 2, "code": "    return 'Hi, ' + name\n"}
    right = {"line": 2, "code": "return 'Hello, ' + name"}  # its indentation left out
    samples = iter([wrong, right, wrong, {"x": 1}])  # a sampling model: each ask differs
    fake_model.responder = lambda body: {"content": json.dumps(next(samples))}
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    result = run_coding(ctx, cp, task="The greeting is misspelled.", strategy="repair")

    assert result.finish.status == "succeeded", result.finish.output
    assert (workspace / "greet.py").read_text() == "def greet(name):\n    return 'Hello, ' + name\n"
    stages = {r["stage"]: r for r in result.finish.output["repair"]}
    assert stages["engine"]["fixed"] is False
    assert stages["model"]["chosen_origin"] == "model"
    verdicts = [e["verdict"] for e in events(ctx, "repair_candidate") if e["origin"] == "model"]
    assert sorted(verdicts) == ["no improvement", "valid"]  # the repeated sample counted once


def test_a_repository_whose_tests_pass_is_left_unchanged(
    fake_model: FakeOpenAI, make_ctx: Callable[..., InMemoryContext], workspace: Path
) -> None:
    write_files(workspace, {k: v for k, v in TWO_FILES.items() if "test" in k or "__" in k})
    write_files(
        workspace, {"shop/pricing.py": "def discounted(p, pc):\n    return p * (100 - pc) / 100\n"}
    )
    (workspace / "tests/test_shop.py").write_text(
        "from shop.pricing import discounted\n\n\ndef test_discount(price):\n"
        "    assert discounted(price, 25) == 150\n"
    )
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    result = run_coding(ctx, cp, task="Make sure the test suite passes.", strategy="auto")

    assert result.finish.status == "succeeded"
    assert result.finish.output["no_change"] is True
    assert result.finish.output["summary"].startswith("no change needed")
    assert result.finish.output["changed_files"] == []
    assert fake_model.requests == []


# --- the pieces, without a sandbox ----------------------------------------------------------------
def test_ochiai_blames_the_line_only_failing_tests_run() -> None:
    report = {
        "tests": {"test_m.py::a": "failed", "test_m.py::b": "passed", "test_m.py::c": "passed"},
        "coverage": {
            "m.py": {
                "1": ["test_m.py::a", "test_m.py::b", "test_m.py::c"],
                "2": ["test_m.py::a"],
                "3": ["test_m.py::b"],
            },
            "test_m.py": {"5": ["test_m.py::a"]},
        },
    }
    ranked = ochiai(report)
    assert (ranked[0].path, ranked[0].line, ranked[0].score) == ("m.py", 2, 1.0)
    assert all(s.path != "test_m.py" for s in ranked)  # tests are never blamed
    assert [s.line for s in ranked] == [2, 1]


def test_installed_packages_are_never_blamed() -> None:
    failing = {"test_m.py::a": "failed", "test_m.py::b": "passed"}
    coverage = {path: {"3": ["test_m.py::a"]} for path in
                ("m.py", ".packages/dep.py", "venv/lib/site-packages/x.py", ".venv/y.py")}  # fmt: skip
    assert [s.path for s in ochiai({"tests": failing, "coverage": coverage})] == ["m.py"]


def test_a_string_the_tests_expected_longer_is_completed_at_the_returned_value() -> None:
    source = "def post_url(title):\n    return '/posts/' + slug(title)\n"
    failures = [
        "FAILED tests/test_blog.py::test_url - AssertionError: assert '/posts/a-b' == '/posts/a-b/'",
        "FAILED tests/test_blog.py::test_b - assert 3 == 4",  # not strings: nothing to learn
    ]
    gaps = templates.missing_text(failures)
    assert templates.Gap("/posts/a-b", "/", "") in gaps
    found = templates.candidates("blog.py", source, [2], gaps)
    assert found[0].origin == "template:expected-text"  # the tests' own expectation comes first
    fixed = {c.edits[0].apply(source) for c in found if c.origin == "template:expected-text"}
    assert "def post_url(title):\n    return '/posts/' + slug(title) + '/'\n" in fixed


def test_a_constant_lacking_text_inside_the_expected_string_is_completed() -> None:
    source = 'PREFIX = "/posts"\n\n\ndef url(title):\n    return PREFIX + title.lower()\n'
    failure = "FAILED t.py::test_url - AssertionError: assert '/postshello' == '/posts/hello'"
    gaps = templates.missing_text([failure])
    assert gaps == [templates.Gap("/posts", "/", "hello")]
    found = templates.candidates("blog.py", source, [5], gaps)
    assert found[0].edits[0].apply(source) == source.replace('"/posts"', "'/posts/'")
    assert templates.missing_text(["assert 'abc' == 'xbcy'"]) == []  # two changes: no guess


def test_an_operand_too_many_is_dropped() -> None:
    source = "def total(cents):\n    return fmt(cents / 100)\n"
    found = templates.candidates("m.py", source, [2])
    dropped = {c.edits[0].apply(source) for c in found if c.origin == "template:drop-operand"}
    assert "def total(cents):\n    return fmt(cents)\n" in dropped


def test_a_guard_tested_too_late_is_moved_first() -> None:
    source = (
        "def fb(n):\n    if n % 3 == 0:\n        return 'Fizz'\n    if n % 5 == 0:\n"
        "        return 'Buzz'\n    if n % 15 == 0:\n        return 'FizzBuzz'\n    return str(n)\n"
    )
    found = templates.candidates("fb.py", source, [2, 3])
    moved = {c.edits[0].apply(source) for c in found if c.origin == "template:guard-order"}
    assert (
        "def fb(n):\n    if n % 15 == 0:\n        return 'FizzBuzz'\n    if n % 3 == 0:\n"
        "        return 'Fizz'\n    if n % 5 == 0:\n        return 'Buzz'\n    return str(n)\n"
    ) in moved
    assert all(text.endswith("    return str(n)\n") for text in moved)  # the fallback stays last


def test_a_shared_mutable_default_is_made_fresh_each_call() -> None:
    source = 'def add(tag, *, tags=[]):\n    """Adds."""\n    tags.append(tag)\n    return tags\n'
    found = templates.candidates("t.py", source, [3])
    (fixed,) = [c.edits[0].apply(source) for c in found if c.origin == "template:mutable-default"]
    assert fixed == (
        'def add(tag, *, tags=None):\n    """Adds."""\n    if tags is None:\n        tags = []\n'
        "    tags.append(tag)\n    return tags\n"
    )
    namespace: dict[str, Any] = {}
    exec(fixed, namespace)
    assert namespace["add"]("a") == ["a"]
    assert namespace["add"]("b") == ["b"]  # not ["a", "b"]


def test_a_name_the_tests_expect_is_given_to_the_closest_definition_everywhere(
    workspace: Path,
) -> None:
    write_files(
        workspace,
        {
            "src/shop/__init__.py": "",
            "src/shop/pricing.py": "def calc_total(items):\n    return sum(items)\n\n\n"
            "def calc_tax(total):\n    return total // 5\n",
            "src/shop/cart.py": "from shop.pricing import calc_total\n\n\ndef cart(items):\n"
            "    # calc_total stays in comments\n    return calc_total(items), 'calc_total'\n",
            "tests/test_shop.py": "from shop.pricing import total_price\n",
        },
    )
    failure = "ERROR tests/test_shop.py - ImportError: cannot import name 'total_price' from 'shop.pricing' (/workspace/src/shop/pricing.py)"  # fmt: skip
    found = rename_candidates(workspace, {"failures": [failure]}, "Rename calc_total everywhere")
    assert found[0].description == "src/shop/pricing.py: calc_total -> total_price"
    after = {edit.path: edit.apply((workspace / edit.path).read_text()) for edit in found[0].edits}
    assert set(after) == {"src/shop/pricing.py", "src/shop/cart.py"}  # never the tests
    assert after["src/shop/cart.py"] == (
        "from shop.pricing import total_price\n\n\ndef cart(items):\n"
        "    # calc_total stays in comments\n    return total_price(items), 'calc_total'\n"
    )
    assert "def total_price(items)" in str(after["src/shop/pricing.py"])
    assert rename_candidates(workspace, {"failures": ["assert 1 == 2"]}) == []


def test_a_numbered_model_answer_becomes_an_exact_unique_edit() -> None:
    lines = ("def f(x):\n", "    y = 1\n", "    return y\n", "\n", "def g(x):\n", "    y = 1\n",
             "    return y + x\n")  # fmt: skip
    window = Window.around("m.py", lines, 6)
    edit = parsed_edit(json.dumps({"line": 6, "code": "y = 2"}), window)
    assert edit is not None
    after = edit.apply("".join(lines))  # `    y = 1` is there twice: the edit is widened
    assert after == "".join(lines).replace("def g(x):\n    y = 1", "def g(x):\n    y = 2")
    assert parsed_edit(json.dumps({"line": 40, "code": "y = 2"}), window) is None
    assert parsed_edit(json.dumps({"line": 6, "code": "    y = 1"}), window) is None
    assert parsed_edit("not json", window) is None


def test_every_template_candidate_is_an_exact_edit_that_still_compiles() -> None:
    source = (
        "def window(xs, n):  # sliding\n    out = []\n    for i in range(len(xs) - n):\n"
        "        if not xs[i] > 0 and n <= 3:\n            out.append(xs[i:i + n])\n"
        "    return sorted(out)\n\n\ndef total(a, b):\n    a + b\n"
    )
    found = templates.candidates("m.py", source, [3, 4, 5, 6, 10])
    rules = {c.origin for c in found}
    assert {"template:off-by-one", "template:compare-operator", "template:drop-not"} <= rules
    assert {"template:boolean-operator", "template:negate-condition"} <= rules
    assert {"template:missing-return", "template:standard-library-call"} <= rules
    for candidate in found:
        (edit,) = candidate.edits
        after = edit.apply(source)
        assert after is not None, candidate
        assert after != source, candidate
        compile(after, "m.py", "exec")
    assert any(
        c.edits[0].replace == "    for i in range(len(xs) - n + 1):\n" for c in found
    )  # the off-by-one fix itself, formatted as the file is


def test_a_syntax_error_is_located_by_the_compiler_and_repaired(workspace: Path) -> None:
    write_files(workspace, {"pkg/mod.py": "def f(x)\n    return x\n", "ok.py": "x = 1\n"})
    errors = syntax_errors(workspace)
    assert [(path, line) for path, line, _ in errors] == [("pkg/mod.py", 1)]
    fixes = [
        c.edits[0].apply((workspace / "pkg/mod.py").read_text())
        for c in syntax_candidates(workspace, errors)
    ]
    assert "def f(x):\n    return x\n" in fixes


def test_a_string_closed_with_the_other_quote_is_repaired_with_its_f_string(
    workspace: Path,
) -> None:
    source = 'def line(label, amount):\n    return "{label}: \' + format(amount, ",.2f")\n'
    write_files(workspace, {"report.py": source})
    fixes = {
        c.edits[0].apply(source) for c in syntax_candidates(workspace, syntax_errors(workspace))
    }
    fixed = 'def line(label, amount):\n    return f"{label}: " + format(amount, ",.2f")\n'
    assert fixed in fixes
    namespace: dict[str, Any] = {}
    exec(fixed, namespace)
    assert namespace["line"]("Total", 1234.5) == "Total: 1,234.50"


def test_a_task_that_asks_for_nothing_is_told_from_one_that_describes_a_failure() -> None:
    assert not describes_change("Make sure the tests pass.")
    assert not describes_change("Run the test suite; it should be green.".replace("should", "is"))
    for task in ("Fix the off-by-one in window()", "The parser crashes on empty input",
                 "Add support for negative numbers", "median() returns the wrong value"):  # fmt: skip
        assert describes_change(task), task
