"""Started by the platform inside the sandbox as `python3 -I -S -c <this file> PATHS... -- ENTRY
ARGS...`: the only way the platform runs Python on the agent's behalf.

`-I -S`: no working directory or script directory on sys.path, no PYTHON* variables, no user
site, no site-packages and therefore no `.pth`, `sitecustomize` or `usercustomize` from anywhere.
sys.path is the standard library, then the platform's pinned tools (read-only), then PATHS. The
tool the platform asked for (pip, pytest) is imported before any workspace directory joins
sys.path, so a workspace `pip.py`, `pytest.py` or `pip/` package cannot stand in for it.

ENTRY "pip": pip itself, nothing of the workspace on sys.path.
ENTRY "module": runs the module named next as `python -m` would (a workflow pack's sandboxed
code, agents.sandbox.python_call), with only PATHS added to sys.path.
ENTRY "pytest-batch": the same for several copies of a repository in one process (screening
repair candidates; a winner is confirmed by a run of its own).
ENTRY "pytest": pytest with JUnit XML (and, with "--longhaul-coverage", per-test line coverage);
the workspace (and its src/) go in front of sys.path as `python -m pytest` would put them. All
test output goes to stderr; stdout carries one JSON envelope after the marker the host passed.
Standard library only.
"""

import json
import os
import sys


def _split(argv):
    cut = argv.index("--")
    return argv[1:cut], argv[cut + 1 :]


def _pip(args):
    from pip._internal.cli.main import main

    return main(args)


class _Contexts:
    """Names each test's coverage context after its node id (coverage's own pytest-cov does so
    through a plugin; this is the same few lines without the extra package)."""

    def __init__(self, cov):
        self.cov = cov

    def pytest_runtest_setup(self, item):
        self.cov.switch_context(item.nodeid)

    def pytest_runtest_teardown(self, item):
        self.cov.switch_context("")


def _covered(cov, root):
    data = cov.get_data()
    lines = {}
    for path in data.measured_files():
        if not path.startswith(root + "/"):
            continue
        by_line = data.contexts_by_lineno(path)
        lines[path[len(root) + 1 :]] = {
            str(n): sorted(c for c in ctx if c) for n, ctx in by_line.items()
        }
    return lines


def _pytest(args):
    marker, root = args[0], args[1]
    rest = args[2:]
    measure = "--longhaul-coverage" in rest
    rest = [a for a in rest if a != "--longhaul-coverage"]
    import xml.etree.ElementTree  # noqa: F401

    import _pytest.config
    import _pytest.junitxml  # noqa: F401
    import pytest

    cov = None
    if measure:
        import coverage

        cov = coverage.Coverage(data_file=None, include=[root + "/*"], branch=False)
    front = [root] + ([root + "/src"] if os.path.isdir(root + "/src") else [])
    sys.path[:0] = front
    envelope = os.dup(1)
    os.dup2(2, 1)  # the tests' own output joins stderr; stdout is the envelope's alone
    sys.stdout = sys.stderr
    report = "/tmp/longhaul-junit.xml"
    plugins = []
    if cov is not None:
        cov.start()
        plugins.append(_Contexts(cov))
    try:
        options = ["-p", "no:cacheprovider", f"--junitxml={report}", "-o", "junit_family=xunit1"]
        code = pytest.main([*options, *rest], plugins=plugins)
    finally:
        if cov is not None:
            cov.stop()
    try:
        with open(report, encoding="utf-8") as handle:
            junit = handle.read()
    except OSError:
        junit = ""
    result = {"exit_code": int(code), "junit": junit}
    if cov is not None:
        result["coverage"] = _covered(cov, root)
    os.write(envelope, ("\n" + marker + "\n" + json.dumps(result) + "\n").encode())
    return int(code)


def _too_slow(signum, frame):
    raise TimeoutError("this copy's tests ran past their time")


def _pytest_batch(args):
    """Several copies of one repository (ROOT/<dir> each), tested one after the other in this
    one process: pytest is imported once. Each copy's modules are dropped before the next."""
    marker, root, seconds, folders = args[0], args[1], float(args[2]), args[3:]
    import signal
    import xml.etree.ElementTree  # noqa: F401

    import _pytest.config
    import _pytest.junitxml  # noqa: F401
    import pytest

    envelope = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    base = [p for p in sys.path if not p.startswith(root + "/")]
    runs = []
    for n, folder in enumerate(folders):
        path = f"{root}/{folder}"
        os.chdir(path)
        src = [path + "/src"] if os.path.isdir(path + "/src") else []
        sys.path[:] = [path, *src, *base, path + "/.packages"]
        report = f"/tmp/longhaul-junit-{n}.xml"
        options = ["-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
        options += ["-o", "junit_family=xunit1", "--rootdir", path]
        signal.signal(signal.SIGALRM, _too_slow)
        signal.setitimer(signal.ITIMER_REAL, seconds)  # a copy that loops fails, alone
        try:
            code = int(pytest.main(options))
        except BaseException as error:  # a candidate that kills the run fails alone
            code = -1
            sys.stderr.write(f"{folder}: {error!r}\n")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        try:
            with open(report, encoding="utf-8") as handle:
                junit = handle.read()
        except OSError:
            junit = ""
        runs.append({"folder": folder, "exit_code": code, "junit": junit})
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(root + "/"):
                del sys.modules[name]
    os.write(envelope, ("\n" + marker + "\n" + json.dumps({"runs": runs}) + "\n").encode())
    return 0


def main():
    paths, rest = _split(sys.argv)
    sys.path.extend(paths)
    entry, args = rest[0], rest[1:]
    if entry == "pip":
        return _pip(args)
    if entry == "module":
        import runpy

        sys.argv = [args[0], *args[1:]]
        runpy.run_module(args[0], run_name="__main__", alter_sys=True)
        return 0
    if entry == "pytest":
        return _pytest(args)
    if entry == "pytest-batch":
        return _pytest_batch(args)
    sys.stderr.write(f"unknown entry {entry!r}\n")
    return 2


sys.exit(main())
