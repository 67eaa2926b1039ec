"""Checks every locked Python dependency for known vulnerabilities (`make lint`).

With PyPI's vulnerability data for each release reachable (`/pypi/<name>/<version>/json`), this
is pip-audit over the lock files, strict: a dependency it cannot audit fails the check. Where
only each project's own page answers (`/pypi/<name>/json`, which lists the vulnerabilities of
its latest release, as on machines whose network lets the package index through and little
else), the releases the lock pins at their latest are checked from it, and the others are
named as not audited.

A known vulnerability fails the check unless deploy/lock/audit-ignore.txt names its id with the
reason it does not apply (lines `ID  reason`); an id without a reason is refused.

Where pypi.org cannot be reached at all the check fails, except with `--unreachable-ok`
(`make lint`, which must pass on machines that install from a local wheel cache): it then says
loudly that nothing was audited and passes. `make audit` is the strict form.
"""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.error
import urllib.request
from argparse import ArgumentParser
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOCK = Path("deploy/lock")
LOCKS = [LOCK / "requirements.txt", LOCK / "llama-cpp-python.txt", LOCK / "pyopengl.txt"]
PYPI = "https://pypi.org/pypi"
UNREACHABLE_OK = False
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)", re.MULTILINE)


def ignored() -> dict[str, str]:
    reasons = {}
    for line in (LOCK / "audit-ignore.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        vuln_id, _, reason = line.strip().partition(" ")
        if not reason.strip():
            sys.exit(f"audit: {LOCK}/audit-ignore.txt: {vuln_id} has no reason; say why")
        reasons[vuln_id] = reason.strip()
    return reasons


def fetch(url: str) -> dict | None:
    """The JSON at `url`, or None where PyPI answers 404."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        sys.exit(f"audit: {url} answered HTTP {error.code}")
    except OSError as error:  # URLError, a timeout, a reset connection
        reason = getattr(error, "reason", error)
        message = f"audit: pypi.org cannot be reached ({reason}); NOTHING WAS AUDITED"
        if UNREACHABLE_OK:
            print(f"{message} (run `make audit` where pypi.org answers)")
            sys.exit(0)
        sys.exit(message)


def pip_audit(reasons: dict[str, str]) -> int:
    command = [".venv/bin/pip-audit", "--progress-spinner", "off", "--strict"]
    command += ["--disable-pip", "--require-hashes"]
    for vuln_id in reasons:
        command += ["--ignore-vuln", vuln_id]
    # pip-audit refuses two pins of one package: the PyOpenGL override is audited on its own.
    first = os.spawnv(os.P_WAIT, command[0], [*command, "-r", str(LOCKS[0]), "-r", str(LOCKS[1])])
    second = os.spawnv(os.P_WAIT, command[0], [*command, "-r", str(LOCKS[2])])
    return first or second


def pins() -> list[tuple[str, str]]:
    found = {}
    for path in LOCKS:
        for name, version in _PIN.findall(path.read_text()):
            found[(name.lower(), version)] = None
    return list(found)


def latest_release_audit(reasons: dict[str, str]) -> int:
    def check(pin: tuple[str, str]) -> tuple[str, str, str | None, list[dict]]:
        page = fetch(f"{PYPI}/{pin[0]}/json") or {}
        latest = (page.get("info") or {}).get("version")
        return pin[0], pin[1], latest, page.get("vulnerabilities") or []

    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(check, pins()))
    found, unaudited = [], []
    for name, version, latest, vulnerabilities in results:
        if latest != version.split("+")[0]:
            unaudited.append(f"{name}=={version} (latest {latest})")
            continue
        for vuln in vulnerabilities:
            if vuln.get("withdrawn"):
                continue
            ids = [vuln.get("id", "?"), *vuln.get("aliases", [])]
            if not any(vuln_id in reasons for vuln_id in ids):
                found.append(f"{name}=={version}: {', '.join(ids)} {vuln.get('link', '')}")
    print(
        f"audit: PyPI's data per release is not reachable from here; {len(results) - len(unaudited)}"
        f" of {len(results)} locked releases are their project's latest and were checked"
    )
    if unaudited:
        print(f"audit: not audited here ({len(unaudited)}): {', '.join(sorted(unaudited))}")
    for line in found:
        print(f"audit: KNOWN VULNERABILITY {line}")
    return 1 if found else 0


def main() -> int:
    global UNREACHABLE_OK
    parser = ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unreachable-ok", action="store_true", help="pass if pypi.org is down")
    UNREACHABLE_OK = parser.parse_args().unreachable_ok
    reasons = ignored()
    if fetch(f"{PYPI}/pip/24.0/json") is not None:
        return pip_audit(reasons)
    return latest_release_audit(reasons)


if __name__ == "__main__":
    sys.exit(main())
