"""One organization with an object of every kind the API names by id, built through the
services, and the model tiers the gateway routes to (the scripted server behind each)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from accounts.permissions import actor_for
from accounts.services import api_key_create
from agents.engine.types import arguments_digest
from approvals.models import ApprovalPolicyVersion
from approvals.rules import approval_rule_create
from approvals.services import approval_request_raise
from inference.models import Backend, Tier
from memory.documents import document_upload
from memory.services import memory_create
from runs.artifacts import artifact_store
from runs.events import event_append
from runs.gate import RunFacts
from runs.services import run_start
from tests.factories import make_tenant, operator
from webhooks.endpoints import webhook_endpoint_create
from webhooks.models import WebhookDelivery

# The chat tiers' backends speak both dialects, so the fuzzer reaches the translation for the
# embedded server (gateway.dialects) as well as the pass-through.
TIERS = {
    "standard": (Tier.Kind.CHAT, Backend.Dialect.OPENAI),
    "fast": (Tier.Kind.CHAT, Backend.Dialect.LLAMA_CPP_PYTHON),
    "embeddings": (Tier.Kind.EMBEDDINGS, Backend.Dialect.OPENAI),
}


@dataclass
class FuzzWorld:
    base: str
    key: str  # every scope; its owner is the organization's owner
    # Path parameter -> the id of an existing object of the organization.
    ids: dict[str, Any] = field(default_factory=dict)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.key}"}


def build_world(base: str, model_base: str) -> FuzzWorld:
    tenant = make_tenant("fuzzco")
    organization, owner = tenant.organization, tenant.owner
    key = api_key_create(actor=operator(organization), name="fuzzer", created_by=owner)
    run = run_start(
        organization=organization,
        workflow="effects",
        input={"task": "fuzzed"},
        created_by_user=tenant.member,
    )
    event_append(run_id=run.id, kind="test.note", data={"note": "seeded"})
    artifact = artifact_store(run=run, name="notes.txt", content=b"notes", media_type="text/plain")
    webhook, _ = webhook_endpoint_create(
        actor=actor_for(organization_id=organization.id, user=owner, api_key_id=None),
        url="https://hooks.fuzzco.example/longhaul",
        event_types=["*"],
    )
    rule = approval_rule_create(
        actor=operator(organization),
        data={"name": "seeded rule", "action": "require_approval", "conditions": {}},
    )
    approval = _raise_approval(run.id, organization.id, tenant.member.id)
    document = document_upload(
        organization_id=organization.id, filename="seeded.md", data=b"# seeded\n\ntext\n"
    ).document
    item = memory_create(organization_id=organization.id, text="The seeded fact.")
    _register_tiers(model_base)
    ids = {
        "run_id": str(run.id),
        "name": artifact.name,
        "approval_id": approval.id,
        "rule_id": rule.id,
        "version": ApprovalPolicyVersion.objects.filter(organization=organization)
        .order_by("-version")
        .values_list("version", flat=True)[0],
        "item_id": item.id,
        "document_id": document.id,
        "endpoint_id": webhook.id,
        "delivery_id": WebhookDelivery.objects.filter(endpoint=webhook).values_list(
            "id", flat=True
        )[0],
    }
    return FuzzWorld(base=base, key=key.plaintext, ids=ids)


def _raise_approval(run_id: Any, organization_id: int, requester_id: int) -> Any:
    arguments = {"ledger": "/ledgers/fuzzco", "amount": 250}
    facts = RunFacts(run_id=str(run_id), organization_id=organization_id, requester_id=requester_id)
    payload = {
        "step": 1,
        "call_index": 0,
        "tool": "record_effect",
        "arguments": arguments,
        "digest": arguments_digest("record_effect", arguments),
        "reason": "the fuzzer asks",
    }
    return approval_request_raise(run=facts, payload=payload)


def _register_tiers(model_base: str) -> None:
    for name, (kind, dialect) in TIERS.items():
        tier, _ = Tier.objects.get_or_create(name=name, defaults={"kind": kind})
        Backend.objects.create(
            tier=tier,
            name=f"{name}-edge",
            base_url=model_base,
            served_model=f"{name}-model",
            dialect=dialect,
            connect_timeout_s=1.0,
            read_timeout_s=10.0,
        )
