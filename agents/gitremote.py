"""Git remotes an operator allows, and the one hardened way the platform runs git.

A run may start from a Git remote only when the URL falls under an entry of the operator's list
(`LONGHAUL_ALLOWED_GIT_REMOTES`): the same scheme, host, port and (for ssh) user, and a path
under the entry's path on whole segments, so `https://git.example.com/acme` allows
`https://git.example.com/acme/app.git` but never `https://git.example.com/acme-evil/app.git`.
URLs are accepted in one strict form: `http`, `https` or `ssh` (`ssh://user@host[:port]/path`,
or scp-like `user@host:path`), no query or fragment, no `.` or `..` segment, no `%`, spaces,
control characters or backslashes. Whoever starts a run never gives credentials: an http(s)
entry's own `user:password@` is the platform's, sent as an Authorization header that reaches git
through its environment, never on a command line or in a URL that git could print or store.

Git runs with no system or global configuration, no hooks, templates or credential helpers, no
prompts, no redirects, only the protocol of the URL (`file` for a local repository), a clean
environment and a timeout.
"""

from __future__ import annotations

import base64
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

GIT_SECONDS = 300
MAX_URL_CHARS = 2000
DEFAULT_PORTS = {"http": 80, "https": 443, "ssh": 22}
_FORBIDDEN = re.compile(r"[\x00-\x20\x7f\\?#]")
_SCP = re.compile(r"([A-Za-z0-9._~-]+)@([A-Za-z0-9.-]+):(?!/)(.+)")
_HOST = re.compile(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]")
_USER = re.compile(r"[A-Za-z0-9._~-]+")
_PATH = re.compile(r"/?[A-Za-z0-9._~+@-]+(?:/[A-Za-z0-9._~+@-]+)*/?")
_ENVIRONMENT = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_TERMINAL_PROMPT": "0",
    "HOME": "/nonexistent",
    "LC_ALL": "C",
}


class RemoteRefused(ValueError):
    """The URL is not one the operator allows; the message says why, fit for a 400."""


@dataclass(frozen=True)
class Remote:
    """Where code comes from: `url` carries no credentials (it is recorded and shown)."""

    url: str
    scheme: str  # http, https, ssh or file
    authorization: str = ""  # an Authorization header value from the operator's entry
    ssh_command: str = ""  # the operator's GIT_SSH_COMMAND (keys, known hosts)

    @property
    def is_local(self) -> bool:
        return self.scheme == "file"


@dataclass(frozen=True)
class Origin:
    """A run's remote and the commit (and default branch) its workspace was cloned at."""

    remote: Remote
    commit: str
    branch: str


@dataclass(frozen=True)
class _Parts:
    form: str  # http, https, ssh or scp
    user: str
    password: str
    host: str
    port: int | None
    path: str


def looks_remote(text: str) -> bool:
    """A URL (`scheme://`) or scp-like address, as opposed to a local path."""
    return "://" in text or bool(_SCP.fullmatch(text))


def local_repository(path: Path) -> Remote:
    return Remote(url=str(path), scheme="file")


def allowed_remote(url: str, entries: list[str], *, ssh_command: str = "") -> Remote:
    """The remote for `url` if an entry allows it, with that entry's credentials."""
    given = _parts(url, what="The repository URL")
    if given.password or (given.user and given.form in ("http", "https")):
        raise RemoteRefused(
            "Give the repository URL without credentials; the operator configures them."
        )
    for entry in entries:
        allowed = _parts(entry, what="An entry of LONGHAUL_ALLOWED_GIT_REMOTES")
        if _covers(allowed, given):
            scheme = "ssh" if given.form == "scp" else given.form
            return Remote(url, scheme, _authorization(allowed), ssh_command)
    raise RemoteRefused(f"{url} is not under a Git remote the operator allows.")


def _parts(url: str, *, what: str) -> _Parts:
    if len(url) > MAX_URL_CHARS or _FORBIDDEN.search(url):
        raise RemoteRefused(f"{what} has a character that is not allowed.")
    scp = _SCP.fullmatch(url)
    if scp is not None:
        return _checked(_Parts("scp", scp[1], "", scp[2].lower(), None, scp[3]), what)
    try:
        split = urlsplit(url)
        port = split.port
    except ValueError:  # a bad port or IPv6 literal
        raise RemoteRefused(f"{what} is not a valid URL.") from None
    if split.scheme not in DEFAULT_PORTS:
        raise RemoteRefused(f"{what} must use http, https or ssh.")
    netloc = split.netloc.rpartition("@")[2]
    host = netloc.rsplit(":", 1)[0] if port is not None else netloc
    user, password = unquote(split.username or ""), unquote(split.password or "")
    parts = _Parts(split.scheme, user, password, host.lower(), port, split.path or "/")
    return _checked(parts, what)


def _checked(parts: _Parts, what: str) -> _Parts:
    if not _HOST.fullmatch(parts.host) or (parts.user and not _USER.fullmatch(parts.user)):
        raise RemoteRefused(f"{what} has an invalid host or user.")
    segments = parts.path.strip("/").split("/")
    if parts.path != "/" and (
        not _PATH.fullmatch(parts.path) or any(s in (".", "..") for s in segments)
    ):
        raise RemoteRefused(f"{what} has an invalid path (no '.', '..' or empty segments).")
    return parts


def _covers(entry: _Parts, url: _Parts) -> bool:
    if (entry.form, entry.host) != (url.form, url.host):
        return False
    default = DEFAULT_PORTS.get(entry.form)
    if (entry.port or default) != (url.port or default):
        return False
    if entry.form in ("ssh", "scp") and entry.user and entry.user != url.user:
        return False
    base = entry.path.rstrip("/")
    return not base or url.path == base or url.path.startswith(base + "/")


def _authorization(entry: _Parts) -> str:
    if entry.form not in ("http", "https") or not entry.user:
        return ""
    token = base64.b64encode(f"{entry.user}:{entry.password}".encode()).decode()
    return f"Basic {token}"


def run_git(
    arguments: list[str],
    *,
    remote: Remote,
    git_dir: Path | None = None,
    stdin: bytes | None = None,
    timeout: float = GIT_SECONDS,
) -> subprocess.CompletedProcess[bytes]:
    """git, hardened as the module says, talking only to `remote`. Raises TimeoutExpired."""
    command = ["git", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"]
    if remote.is_local:  # the operator's repository may belong to another user
        command += ["-c", f"safe.directory={remote.url}", "-c", f"safe.directory={remote.url}/.git"]
    if git_dir is not None:
        command.append(f"--git-dir={git_dir}")
    return subprocess.run(
        [*command, *arguments],
        env=_environment(remote),
        input=stdin,
        capture_output=True,
        timeout=timeout,
        check=False,
    )


def _environment(remote: Remote) -> dict[str, str]:
    """Settings go in through GIT_CONFIG_* variables: a header with a credential never appears
    on a command line that any process on the host can read."""
    environment = {**_ENVIRONMENT, "GIT_ALLOW_PROTOCOL": remote.scheme}
    settings = [("http.followRedirects", "false"), ("credential.helper", "")]
    if remote.authorization:
        settings.append(("http.extraHeader", f"Authorization: {remote.authorization}"))
    if remote.scheme == "ssh":
        environment["GIT_SSH_COMMAND"] = remote.ssh_command or "ssh -o BatchMode=yes"
    environment["GIT_CONFIG_COUNT"] = str(len(settings))
    for index, (key, value) in enumerate(settings):
        environment[f"GIT_CONFIG_KEY_{index}"] = key
        environment[f"GIT_CONFIG_VALUE_{index}"] = value
    return environment


def failure(result: subprocess.CompletedProcess[bytes]) -> str:
    """git's own complaint, short (it names the remote by its credential-free URL)."""
    text = result.stderr.decode(errors="replace").strip() or f"exit status {result.returncode}"
    return text[-1000:]
