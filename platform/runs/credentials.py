"""The internal per-organization API key that runs use to call the gateway's /v1 API.

Minted on first use (scope `inference` only) and stored encrypted, so usage, quotas and tier
permissions apply to agents exactly as to any other client of the organization.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from accounts.models import Organization, Scope
from accounts.services import api_key_create
from inference.secrets import decrypt_secret, encrypt_secret
from runs.models import AgentCredential

AGENT_KEY_NAME = "agent runtime (internal)"


def agent_api_key(*, organization_id: int) -> str:
    credential = AgentCredential.objects.filter(organization_id=organization_id).first()
    if credential is None:
        credential = _mint(organization_id)
    return decrypt_secret(credential.ciphertext)


def _mint(organization_id: int) -> AgentCredential:
    organization = Organization.objects.get(id=organization_id)
    try:
        with transaction.atomic():
            created = api_key_create(
                organization=organization, name=AGENT_KEY_NAME, scopes=[Scope.INFERENCE]
            )
            return AgentCredential.objects.create(
                organization=organization,
                api_key=created.api_key,
                ciphertext=encrypt_secret(created.plaintext),
            )
    except IntegrityError:
        # Another worker minted it first; use theirs (our key rolled back with the savepoint).
        return AgentCredential.objects.get(organization_id=organization_id)
