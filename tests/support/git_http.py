"""A real Git remote for tests: bare repositories served over smart HTTP on loopback by
`git http-backend` (CGI) behind a small WSGI server, optionally behind Basic authentication,
as a Git host would be."""

from __future__ import annotations

import base64
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

GIT = ["git", "-c", "user.name=Tester", "-c", "user.email=tester@example.invalid"]
_CGI_VARIABLES = ("REQUEST_METHOD", "PATH_INFO", "QUERY_STRING", "CONTENT_TYPE", "REMOTE_ADDR")


class GitHttp:
    """The WSGI app: every request goes to one `git http-backend` process."""

    def __init__(self, root: Path, *, user: str = "", password: str = "") -> None:
        self.root = root
        self.expected = base64.b64encode(f"{user}:{password}".encode()).decode() if user else ""
        self.user = user
        self.requests: list[tuple[str, str, bool]] = []  # method, path and query, authorized

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        authorized = environ.get("HTTP_AUTHORIZATION", "") == f"Basic {self.expected}"
        where = f"{environ['PATH_INFO']}?{environ.get('QUERY_STRING', '')}"
        self.requests.append((environ["REQUEST_METHOD"], where, authorized))
        if self.expected and not authorized:
            start_response("401 Unauthorized", [("WWW-Authenticate", 'Basic realm="git"')])
            return [b"authentication required\n"]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        status, headers, payload = self._backend(environ, body)
        start_response(status, headers)
        return [payload]

    def _backend(
        self, environ: dict[str, Any], body: bytes
    ) -> tuple[str, list[tuple[str, str]], bytes]:
        cgi = {name: str(environ.get(name, "")) for name in _CGI_VARIABLES}
        cgi.update(
            PATH="/usr/local/bin:/usr/bin:/bin",
            GIT_PROJECT_ROOT=str(self.root),
            GIT_HTTP_EXPORT_ALL="1",
            GIT_CONFIG_NOSYSTEM="1",
            GIT_CONFIG_GLOBAL="/dev/null",
            HOME="/nonexistent",
            CONTENT_LENGTH=str(len(body)),
            REMOTE_USER=self.user,
            GIT_PROTOCOL=str(environ.get("HTTP_GIT_PROTOCOL", "")),
            HTTP_CONTENT_ENCODING=str(environ.get("HTTP_CONTENT_ENCODING", "")),
        )
        done = subprocess.run(
            ["git", "http-backend"], input=body, env=cgi, capture_output=True, timeout=60
        )
        separator = b"\r\n\r\n" if b"\r\n\r\n" in done.stdout else b"\n\n"
        head, _, payload = done.stdout.partition(separator)
        headers: list[tuple[str, str]] = []
        status = "200 OK"
        for line in filter(None, head.decode().splitlines()):
            name, _, value = line.partition(": ")
            if name == "Status":
                status = value
            else:
                headers.append((name, value))
        return status, headers, payload


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve_git(root: Path, *, user: str = "", password: str = "") -> Iterator[tuple[str, GitHttp]]:
    """Serves the bare repositories under `root`; yields the base URL (ending in /) and the app."""
    app = GitHttp(root, user=user, password=password)
    server = make_server("127.0.0.1", 0, app, server_class=_Server, handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/", app
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def bare_repository(root: Path, name: str, files: dict[str, str], *, branch: str = "main") -> Path:
    """A bare repository `root/name` with one commit of `files` on `branch`, accepting pushes."""
    bare = root / name
    git(["init", "--quiet", "--bare", f"--initial-branch={branch}", str(bare)])
    git(["config", "http.receivepack", "true"], cwd=bare)
    work = root / f".{name}.seed"
    git(["init", "--quiet", f"--initial-branch={branch}", str(work)])
    for path, text in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(text)
    git(["add", "--all"], cwd=work)
    git(["commit", "--quiet", "-m", "start"], cwd=work)
    git(["push", "--quiet", str(bare), f"{branch}:{branch}"], cwd=work)
    return bare


def branches(bare: Path) -> dict[str, str]:
    listing = ["for-each-ref", "--format=%(refname:strip=2) %(objectname)", "refs/heads/"]
    return dict(line.split(" ", 1) for line in git(listing, cwd=bare).splitlines())


def git(arguments: list[str], *, cwd: Path | None = None) -> str:
    done = subprocess.run([*GIT, *arguments], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout
