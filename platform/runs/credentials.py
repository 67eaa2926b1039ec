"""The credential a run's agent presents to the gateway's /v1 API, and what it resolves to.

A run's model calls act as whoever started the run: the API key that started it (its tiers, its
quotas, its ledger rows, so a `fast`-only key cannot reach `standard` through a run), or, for a
run started in a browser, the organization's internal billing key. The agent never holds a
real API key: it presents a run token, `lhrun_<run id>_<HMAC of the run id>`, signed with the
server's SECRET_KEY. The gateway verifies the signature and resolves the token to the run's
principal on every cache miss, so:

- a run token acts only for its own run, and only while the run is unfinished;
- revoking (or expiring) the creating key, or removing the person who started the run from the
  organization, stops the run's model calls with a clear error;
- the internal billing key has no scopes: presented directly it is refused everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from django.db import IntegrityError, transaction
from django.utils.crypto import constant_time_compare, salted_hmac

from accounts.actors import operator_actor
from accounts.roles import Scope
from accounts.selectors import (
    ApiKeyError,
    KeyPrincipal,
    api_key_unusable_reason,
    key_principal,
    organization_get,
    user_role_in,
)
from accounts.services import api_key_create
from runs.models import AgentCredential, Run

if TYPE_CHECKING:
    from accounts.models import ApiKey

RUN_TOKEN_MARKER = "lhrun"
AGENT_KEY_NAME = "agent runtime (internal billing, no scopes)"
_SALT = "longhaul.runs.model-token"
_RUN_SCOPES = (Scope.INFERENCE,)  # what a run's model calls need


def run_model_token(*, run_id: UUID | str) -> str:
    """The bearer token the agent of run `run_id` sends to the gateway."""
    run_hex = UUID(str(run_id)).hex
    return f"{RUN_TOKEN_MARKER}_{run_hex}_{_signature(run_hex)}"


def is_run_token(token: str) -> bool:
    return token.startswith(f"{RUN_TOKEN_MARKER}_")


def run_token_principal(token: str) -> KeyPrincipal:
    """The principal a run's model calls act as; ApiKeyError (safe to show) when they may not."""
    run = _verified_run(token)
    if run.is_terminal:
        raise ApiKeyError(f"Run {run.id} has {run.status}; its model credential has ended.")
    if run.created_by_api_key is not None:
        return _as_creating_key(run, run.created_by_api_key)
    if run.created_by_user is not None and not user_role_in(
        user=run.created_by_user, organization_id=run.organization_id
    ):
        raise ApiKeyError(
            f"{run.created_by_user.username}, who started run {run.id}, is no longer an active "
            "member of the organization; the run's model calls stopped."
        )
    billing = agent_billing_key(organization_id=run.organization_id)
    return key_principal(billing, scopes=_RUN_SCOPES, run_id=str(run.id), priority=run.priority)


def _signature(run_hex: str) -> str:
    return salted_hmac(_SALT, run_hex, algorithm="sha256").hexdigest()


def _verified_run(token: str) -> Run:
    marker, _, rest = token.partition("_")
    run_hex, _, signature = rest.partition("_")
    valid = (
        marker == RUN_TOKEN_MARKER
        and len(run_hex) == 32
        and constant_time_compare(signature, _signature(run_hex))
    )
    run = (
        Run.objects.select_related("created_by_api_key", "created_by_user")
        .filter(id=UUID(run_hex))
        .first()
        if valid
        else None
    )
    if run is None:
        raise ApiKeyError("Invalid run credential.")
    return run


def _as_creating_key(run: Run, api_key: ApiKey) -> KeyPrincipal:
    unusable = api_key_unusable_reason(api_key)
    if unusable:
        raise ApiKeyError(f"{unusable} It started run {run.id}, whose model calls stop with it.")
    # The key's tiers and quotas apply; the `runs` scope that started the run is what grants its
    # model calls, so a runs-only key's runs still reach the model, billed to it.
    return key_principal(api_key, scopes=_RUN_SCOPES, run_id=str(run.id), priority=run.priority)


def agent_billing_key(*, organization_id: int) -> ApiKey:
    """The key that runs started in a browser are billed to (per-key quotas apply to it too)."""
    credential = (
        AgentCredential.objects.select_related("api_key")
        .filter(organization_id=organization_id)
        .first()
    )
    return (credential or _mint(organization_id)).api_key


def _mint(organization_id: int) -> AgentCredential:
    organization = organization_get(organization_id=organization_id)
    try:
        with transaction.atomic():
            # No scopes, and the plaintext is dropped: nobody can present this key.
            created = api_key_create(
                actor=operator_actor(organization_id=organization.id, name="platform"),
                name=AGENT_KEY_NAME,
                scopes=[],
            )
            return AgentCredential.objects.create(
                organization=organization, api_key=created.api_key, ciphertext=""
            )
    except IntegrityError:
        # Another worker minted it first; use theirs (our key rolled back with the savepoint).
        return AgentCredential.objects.select_related("api_key").get(
            organization_id=organization_id
        )
