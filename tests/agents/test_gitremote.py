"""Which Git remotes a run may start from: the operator's entries, matched on scheme, host,
port, ssh user and whole path segments; credentials only ever the operator's."""

from __future__ import annotations

import base64

import pytest

from agents.gitremote import RemoteRefused, allowed_remote, looks_remote

ENTRIES = [
    "https://x-access-token:t0ken@git.example.com/acme/",
    "http://127.0.0.1:8080/",
    "ssh://git@git.example.com/acme",
    "git@git.example.com:acme/",
]


@pytest.mark.parametrize(
    "url",
    [
        "https://git.example.com/acme/app.git",
        "https://git.example.com:443/acme/team/app.git",
        "http://127.0.0.1:8080/calc.git",
        "ssh://git@git.example.com/acme/app.git",
        "ssh://git@git.example.com:22/acme/app.git",
        "git@git.example.com:acme/app.git",
    ],
)
def test_urls_under_an_entry_are_allowed_as_given(url: str) -> None:
    assert allowed_remote(url, ENTRIES).url == url


@pytest.mark.parametrize(
    "url",
    [
        "https://git.example.com/acme-evil/app.git",  # a sibling, not under /acme/
        "https://git.example.com/other/app.git",
        "https://git.example.com.evil.net/acme/app.git",
        "http://git.example.com/acme/app.git",  # another scheme
        "https://git.example.com:8443/acme/app.git",  # another port
        "http://127.0.0.1:8081/calc.git",
        "ssh://root@git.example.com/acme/app.git",  # another ssh user
        "ssh://git@git.example.com/acmex/app.git",
        "git@git.example.com:other/app.git",
        "ftp://git.example.com/acme/app.git",
        "file:///srv/git/acme/app.git",
        "ext::sh -c touch% /tmp/x",
    ],
)
def test_urls_outside_every_entry_are_refused(url: str) -> None:
    with pytest.raises(RemoteRefused):
        allowed_remote(url, ENTRIES)


@pytest.mark.parametrize(
    "url",
    [
        "https://git.example.com/acme/../other/app.git",
        "https://git.example.com/acme/./app.git",
        "https://git.example.com/acme/%2e%2e/other.git",
        "https://git.example.com/acme//app.git",
        "https://git.example.com/acme/app.git?x=1",
        "https://git.example.com/acme/app.git#main",
        "https://git.example.com/acme/app .git",
        "https://git.example.com/acme\\app.git",
        "https://[::1/acme/app.git",
        "https://git.example.com:99999/acme/app.git",
    ],
)
def test_paths_that_could_step_outside_an_entry_are_refused(url: str) -> None:
    with pytest.raises(RemoteRefused):
        allowed_remote(url, ENTRIES)


def test_credentials_are_the_operators_never_the_callers() -> None:
    # Given a URL with credentials, it is refused, and says how it should be given
    with pytest.raises(RemoteRefused, match="without credentials"):
        allowed_remote("https://me:pw@git.example.com/acme/app.git", ENTRIES)
    with pytest.raises(RemoteRefused, match="without credentials"):
        allowed_remote("https://me@git.example.com/acme/app.git", ENTRIES)

    # The entry's own credentials become a header; the URL kept and shown has none
    remote = allowed_remote("https://git.example.com/acme/app.git", ENTRIES)
    assert remote.url == "https://git.example.com/acme/app.git"
    assert remote.authorization == "Basic " + base64.b64encode(b"x-access-token:t0ken").decode()
    assert allowed_remote("http://127.0.0.1:8080/calc.git", ENTRIES).authorization == ""


def test_an_empty_list_allows_nothing() -> None:
    with pytest.raises(RemoteRefused, match="not under a Git remote the operator allows"):
        allowed_remote("https://git.example.com/acme/app.git", [])


@pytest.mark.parametrize(
    ("text", "remote"),
    [
        ("https://git.example.com/acme/app.git", True),
        ("git@git.example.com:acme/app.git", True),
        ("/srv/repos/app", False),
        ("repos/app", False),
        ("/srv/user@host:app", False),
    ],
)
def test_urls_and_local_paths_are_told_apart(text: str, remote: bool) -> None:
    assert looks_remote(text) is remote
