"""What the gateway needs from runs, which sit above it: the check of a run's own token (on
`/v1`) and which runs belong to a workflow (the usage ledger names runs by id). Runs install
their implementation when Django starts (`runs.apps`), so the gateway never imports runs."""

from __future__ import annotations

from typing import Any, Protocol

from django.core.exceptions import ImproperlyConfigured

from accounts.selectors import KeyPrincipal


class RunTokens(Protocol):
    def is_run_token(self, token: str) -> bool: ...

    def run_token_principal(self, token: str) -> KeyPrincipal: ...


class RunDirectory(Protocol):
    def run_workflows(self, *, organization_id: int, run_ids: list[str]) -> dict[str, str]: ...

    def run_text_ids_of_workflow(self, *, organization_id: int, workflow: str) -> Any: ...


_installed: dict[str, Any] = {}


def runs_port_install(*, tokens: RunTokens, directory: RunDirectory) -> None:
    """Runs' `ready`; a second call replaces what the first installed."""
    _installed.update(tokens=tokens, directory=directory)


def run_tokens() -> RunTokens | None:
    """The check of runs' tokens; None before runs installed it (no token is a run's then)."""
    tokens: RunTokens | None = _installed.get("tokens")
    return tokens


def run_directory() -> RunDirectory:
    if "directory" not in _installed:
        raise ImproperlyConfigured(
            "Runs have not installed their directory in the gateway: the runs app does so when "
            "Django starts, so it must be in INSTALLED_APPS."
        )
    directory: RunDirectory = _installed["directory"]
    return directory
