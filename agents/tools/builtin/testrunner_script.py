# mypy: ignore-errors
# Sent to `python3 -` inside the sandbox by the run_tests tool; it must run on a bare Python.
# With pytest importable it runs pytest; otherwise a small runner for plain `test_*` functions,
# `Test*` classes and unittest.TestCase, printing a pytest-style summary line.
import importlib.util
import inspect
import os
import sys
import tempfile
import time
import traceback
import unittest
from pathlib import Path

SKIP = {"__pycache__", "node_modules", "venv"}


def main(argv):
    sys.path.insert(0, os.getcwd())
    try:
        import pytest
    except ImportError:
        pytest = None
    if pytest is not None:
        return pytest.main(["-q", "-p", "no:cacheprovider", *argv])
    return MiniRunner().run(argv or ["."])


def test_files(target):
    path = Path(target)
    if path.is_file():
        yield path
        return
    for directory, subdirs, files in os.walk(path):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIP and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")):
                yield Path(directory) / name


def local_values(exc):
    """Without pytest's assertion rewriting, show the failing frame's variables instead."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return ""
    shown = [
        f"    {name} = {value!r}"[:300]
        for name, value in tb.tb_frame.f_locals.items()
        if not name.startswith("__")
    ]
    return "locals:\n" + "\n".join(shown[:20]) + "\n" if shown else ""


class MiniRunner:
    def __init__(self):
        self.passed, self.failed, self.errors, self.skipped = 0, 0, 0, 0
        self.reports = []

    def run(self, targets):
        started = time.time()
        for target in targets:
            name, _, selected = target.partition("::")
            for file in test_files(name):
                self.run_file(file, selected or None)
        self.summary(time.time() - started)
        if self.failed or self.errors:
            return 1
        return 0 if self.passed else 5

    def run_file(self, file, selected):
        sys.path.insert(0, str(file.parent.resolve()))
        try:
            spec = importlib.util.spec_from_file_location(f"_t_{abs(hash(str(file)))}", file)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except BaseException:
            self.errors += 1
            self.report(f"ERROR collecting {file}", traceback.format_exc())
            return
        for name, obj in sorted(vars(module).items()):
            if selected and name != selected and not name.startswith(selected + "."):
                continue
            if name.startswith("test") and inspect.isfunction(obj):
                self.call(f"{file}::{name}", obj)
            elif inspect.isclass(obj) and issubclass(obj, unittest.TestCase):
                self.run_testcase(file, obj)
            elif inspect.isclass(obj) and name.startswith("Test"):
                for method in sorted(m for m in dir(obj) if m.startswith("test")):
                    self.call(f"{file}::{name}::{method}", getattr(obj(), method))

    def call(self, node, function):
        try:
            kwargs = self.fixtures(function)
            function(**kwargs)
            self.passed += 1
        except unittest.SkipTest:
            self.skipped += 1
        except AssertionError as exc:
            self.failed += 1
            detail = f" - AssertionError: {exc}" if str(exc) else ""
            self.report(f"FAILED {node}{detail}", traceback.format_exc() + local_values(exc))
        except BaseException as exc:
            self.failed += 1
            self.report(f"FAILED {node} - {type(exc).__name__}: {exc}", traceback.format_exc())

    def fixtures(self, function):
        kwargs = {}
        for name in inspect.signature(function).parameters:
            if name in ("tmp_path", "tmpdir"):
                kwargs[name] = Path(tempfile.mkdtemp())
            else:
                raise TypeError(f"fixture {name!r} needs pytest, which is not installed")
        return kwargs

    def run_testcase(self, file, case):
        result = unittest.TestResult()
        unittest.defaultTestLoader.loadTestsFromTestCase(case).run(result)
        self.skipped += len(result.skipped)
        self.failed += len(result.failures) + len(result.errors)
        self.passed += (
            result.testsRun - len(result.failures) - len(result.errors) - len(result.skipped)
        )
        for test, text in result.failures + result.errors:
            self.report(f"FAILED {file}::{test.id()}", text)

    def report(self, title, text):
        self.reports.append(title)
        print(f"____ {title} ____\n{text}")

    def summary(self, seconds):
        print("=========================== short test summary info ===========================")
        for title in self.reports:
            print(title)
        parts = [
            f"{n} {w}"
            for n, w in (
                (self.failed, "failed"),
                (self.passed, "passed"),
                (self.skipped, "skipped"),
                (self.errors, "errors"),
            )
            if n
        ]
        print(f"{', '.join(parts) or 'no tests ran'} in {seconds:.2f}s")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
