"""Two organizations with one object of every kind, built through the services, and every kind
of caller of the first one.

Organization A (`initech`) is the one that acts; organization B (`umbrella`) owns the objects
A's callers must never reach. Every one of B's objects carries B's name, so a response to A that
contains "umbrella" has leaked B's data. Search texts are chosen so that a search that forgot the
organization would find B's document and memory by both its words and its meaning.
"""

from __future__ import annotations

import io
import tarfile
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.models import ApiKey, IdentityProvider, Membership, Organization, User
from accounts.permissions import actor_for
from accounts.roles import Role, Scope
from accounts.services import (
    api_key_create,
    api_key_revoke,
    membership_create,
    organization_create,
)
from accounts.sso_providers import identity_provider_create
from approvals.models import ApprovalRequest, ApprovalRule
from approvals.rules import approval_rule_create
from evals.models import Eval
from gateway.services import usage_record
from memory.documents import document_ingest, document_upload
from memory.models import Document, MemoryItem
from memory.services import memory_create
from runs.artifacts import artifact_store
from runs.events import event_append
from runs.models import Artifact, ModelCall, Run
from runs.services import run_start
from tests.evals.records import finished_eval
from tests.factories import TenantFixture, make_approval_request, make_user, operator
from toolsources.models import ExternalTool, ToolSource
from toolsources.services import tool_source_create
from webhooks.endpoints import webhook_endpoint_create
from webhooks.models import WebhookDelivery, WebhookEndpoint

A, B = "initech", "umbrella"
ROLES = (Role.OWNER, Role.ADMIN, Role.REVIEWER, Role.MEMBER)
SCOPES = tuple(Scope.values)
PNG = b"\x89PNG\r\n\x1a\n"
# Words that B's document and memory share with A's searches (full text and meaning alike).
SECRET_FACT = "The launch code for project {slug} is heliotrope seven, kept in the vault."


@dataclass
class Tenant:
    """One organization and one object of every kind it can own."""

    slug: str
    organization: Organization
    people: dict[str, User]
    run: Run
    artifact: Artifact
    model_call: ModelCall
    approval: ApprovalRequest
    rule: ApprovalRule
    policy_versions: int
    memory_item: MemoryItem
    document: Document
    webhook: WebhookEndpoint
    delivery: WebhookDelivery
    api_key: ApiKey
    membership: Membership
    evaluation: Eval
    tool_source: ToolSource
    external_tool: ExternalTool
    identity_provider: IdentityProvider

    def url_values(self, kind: str) -> dict[str, Any]:
        """The URL parameters that name this organization's object of `kind`."""
        values: dict[str, dict[str, Any]] = {
            "run": {"run_id": self.run.id},
            "artifact": {"run_id": self.run.id, "name": self.artifact.name},
            "model_call": {"run_id": self.run.id, "call_id": self.model_call.id},
            "approval": {"approval_id": self.approval.id},
            "rule": {"rule_id": self.rule.id},
            "policy_version": {"version": self.policy_versions},
            "memory_item": {"item_id": self.memory_item.id},
            "document": {"document_id": self.document.id},
            "webhook": {"endpoint_id": self.webhook.id},
            "delivery": {"delivery_id": self.delivery.id},
            "api_key": {"key_id": self.api_key.id},
            "membership": {"membership_id": self.membership.id},
            "eval": {"eval_id": self.evaluation.id},
            "tool_source": {"source_id": self.tool_source.id},
            "external_tool": {"tool_id": self.external_tool.id},
            "identity_provider": {"provider_id": self.identity_provider.id},
        }
        return values[kind]


MISSING_ID = 2_000_000_000
MISSING: dict[str, Any] = {
    "run_id": uuid.UUID(int=1),
    "name": "chart.png",
    "call_id": "no-such-call",
    "approval_id": MISSING_ID,
    "rule_id": MISSING_ID,
    "version": MISSING_ID,
    "item_id": MISSING_ID,
    "document_id": MISSING_ID,
    "endpoint_id": MISSING_ID,
    "delivery_id": MISSING_ID,
    "key_id": MISSING_ID,
    "membership_id": MISSING_ID,
    "eval_id": uuid.UUID(int=2),
    "source_id": MISSING_ID,
    "tool_id": MISSING_ID,
    "provider_id": MISSING_ID,
}


@dataclass(frozen=True)
class Principal:
    """One caller of organization A: a person signed in, an API key, or nobody."""

    name: str
    kind: str  # "session", "key", "anonymous" or "operator" (staff, in no organization)
    role: str | None = None  # a session's role, or the role of the key's owner
    scopes: frozenset[str] = frozenset()
    usable: bool = True  # False: a revoked or expired key, or no credentials
    user: User | None = None
    key: str = ""
    session_key: str = field(default="", compare=False)

    def prepare(self, client: Client) -> dict[str, str]:
        """Sets `client`'s cookies to this principal's; returns the headers it sends."""
        client.cookies.clear()
        if self.session_key:
            client.cookies[settings.SESSION_COOKIE_NAME] = self.session_key
        return {"Authorization": f"Bearer {self.key}"} if self.key else {}

    @property
    def headers(self) -> list[tuple[bytes, bytes]]:
        """ASGI headers carrying this principal's credentials."""
        headers = []
        if self.key:
            headers.append((b"authorization", f"Bearer {self.key}".encode()))
        if self.session_key:
            cookie = f"{settings.SESSION_COOKIE_NAME}={self.session_key}"
            headers.append((b"cookie", cookie.encode()))
        return headers


@dataclass
class World:
    a: Tenant
    b: Tenant
    principals: list[Principal]
    invite: dict[str, str]

    def principal(self, name: str) -> Principal:
        return next(p for p in self.principals if p.name == name)


def build_world() -> World:
    a, b = build_tenant(A, rules=1), build_tenant(B, rules=3)
    operator = User.objects.create_superuser(username=f"{A}-operator", password="operator pw")
    principals = [
        *(session(role, a.people[role], role) for role in ROLES),
        *api_keys(a),
        session_principal("operator", operator, kind="operator", role=None),
        Principal("anonymous", "anonymous", usable=False),
    ]
    member = a.people[Role.MEMBER]
    invite = {
        "uidb64": urlsafe_base64_encode(force_bytes(member.pk)),
        "token": default_token_generator.make_token(member),
    }
    return World(a, b, principals, invite)


def session(name: str, user: User, role: str) -> Principal:
    return session_principal(name, user, kind="session", role=role)


def session_principal(name: str, user: User, *, kind: str, role: str | None) -> Principal:
    client = Client()
    client.force_login(user)
    session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return Principal(name, kind, role=role, user=user, session_key=session_key)


def api_keys(tenant: Tenant) -> list[Principal]:
    """A key with each scope alone and one without each scope, a revoked and an expired key;
    all owned by an admin, so that role-gated actions depend on the scope alone."""
    owner = tenant.people[Role.ADMIN]
    variants = {
        **{f"key+{scope}": frozenset({scope}) for scope in SCOPES},
        **{f"key-{scope}": frozenset(SCOPES) - {scope} for scope in SCOPES},
    }
    principals = []
    for name, scopes in variants.items():
        created = api_key_create(
            actor=operator(tenant.organization), name=name, scopes=sorted(scopes), created_by=owner
        )
        principals.append(Principal(name, "key", Role.ADMIN, scopes, key=created.plaintext))
    revoked = api_key_create(actor=operator(tenant.organization), name="revoked", created_by=owner)
    api_key_revoke(actor=operator(revoked.api_key.organization), api_key=revoked.api_key)
    expired = api_key_create(
        actor=operator(tenant.organization),
        name="expired",
        created_by=owner,
        expires_at=timezone.now() + timedelta(days=1),
    )
    # Time passes: the key expires.
    ApiKey.objects.filter(id=expired.api_key.id).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    everything = frozenset(SCOPES)
    return [
        *principals,
        Principal("key:revoked", "key", Role.ADMIN, everything, False, key=revoked.plaintext),
        Principal("key:expired", "key", Role.ADMIN, everything, False, key=expired.plaintext),
    ]


def build_tenant(slug: str, *, rules: int) -> Tenant:
    organization = organization_create(name=slug.title(), slug=slug)
    people: dict[str, User] = {}
    for role in ROLES:
        people[role] = make_user(f"{slug}-{role}")
        membership_create(organization=organization, user=people[role], role=role)
    owner, member = people[Role.OWNER], people[Role.MEMBER]
    api_key = api_key_create(actor=operator(organization), name=f"{slug} key", created_by=owner)
    webhook, _ = webhook_endpoint_create(
        actor=actor_for(organization_id=organization.id, user=owner, api_key_id=None),
        url=f"https://hooks.{slug}.example/longhaul",
        event_types=["*"],
        description=f"{slug} hooks",
    )
    created_rules = [
        approval_rule_create(
            actor=operator(organization),
            data={"name": f"{slug} rule {n}", "action": "require_approval", "conditions": {}},
        )
        for n in range(rules)
    ]
    run = run_start(
        organization=organization,
        workflow="effects",
        input={"task": f"{slug} quarterly report"},
        workspace_archive=workspace_archive(slug),
        created_by_user=member,
    )
    event_append(run_id=run.id, kind="test.note", data={"note": f"{slug} event"})
    artifact = artifact_store(
        run=run, name=f"{slug}-chart.png", content=PNG + slug.encode(), media_type="image/png"
    )
    approval = make_approval_request(
        run_id=run.id,
        organization_id=organization.id,
        requester_id=member.id,
        arguments={"ledger": f"/ledgers/{slug}", "amount": 250},
    )
    usage_record(entries=[usage_entry(organization, api_key.api_key, run, slug)])
    source = tool_source_create(
        actor=actor_for(organization_id=organization.id, user=owner, api_key_id=None),
        name=f"{slug}-orders",
        kind="openapi",
        url=f"https://orders.{slug}.example",
        document=orders_document(slug),
    )
    return Tenant(
        slug=slug,
        organization=organization,
        people=people,
        run=run,
        artifact=artifact,
        model_call=traced_call(run, slug),
        approval=approval,
        rule=created_rules[-1],
        policy_versions=rules,
        memory_item=memory_create(organization_id=organization.id, text=secret_fact(slug)),
        document=uploaded_document(organization, slug),
        webhook=webhook,
        delivery=WebhookDelivery.objects.get(endpoint=webhook, event__type="approval.requested"),
        api_key=api_key.api_key,
        membership=Membership.objects.get(organization=organization, user=member),
        evaluation=finished_eval(
            TenantFixture(organization, owner, people[Role.REVIEWER], member, api_key.plaintext),
            {f"{slug}-task": [True, False]},
        ),
        tool_source=source,
        external_tool=source.tools.get(),
        identity_provider=identity_provider_create(
            actor=operator(organization),
            kind="oidc",
            name=f"{slug} ID",
            settings={"issuer": f"https://id.{slug}.example", "client_id": f"{slug}-longhaul"},
            client_secret=f"{slug}-client-secret",
        ),
    )


def traced_call(run: Run, slug: str) -> ModelCall:
    """A model call in the run's trace, with the organization's secret in its prompt."""
    return ModelCall.objects.create(
        id=f"{slug}-{uuid.uuid4().hex}",
        run=run,
        organization=run.organization,
        step=0,
        node="act",
        request={"messages": [{"role": "user", "content": secret_fact(slug)}]},
        response={"choices": [{"message": {"role": "assistant", "content": f"{slug} answer"}}]},
    )


def orders_document(slug: str) -> dict[str, Any]:
    """An organization's OpenAPI service of one operation (listed without a network call)."""
    operation = {"operationId": f"{slug}Orders", "responses": {"200": {"description": "ok"}}}
    return {
        "openapi": "3.0.3",
        "info": {"title": f"{slug} orders", "version": "1"},
        "paths": {"/orders": {"get": operation}},
    }


def workspace_archive(slug: str) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        content = f"{slug} source\n".encode()
        member = tarfile.TarInfo("README.md")
        member.size = len(content)
        archive.addfile(member, io.BytesIO(content))
    buffer.seek(0)
    return buffer


def secret_fact(slug: str) -> str:
    return SECRET_FACT.format(slug=slug)


def uploaded_document(organization: Organization, slug: str) -> Document:
    text = f"# {slug} handbook\n\n{secret_fact(slug)}\n"
    upload = document_upload(
        organization_id=organization.id,
        filename=f"{slug}-handbook.md",
        data=text.encode(),
        declared_type="text/markdown",
    )
    document_ingest(document_id=upload.document.id)
    return Document.objects.get(id=upload.document.id)


def usage_entry(organization: Organization, key: ApiKey, run: Run, slug: str) -> dict[str, Any]:
    return {
        "request_id": f"{slug}-{uuid.uuid4().hex}",
        "organization_id": organization.id,
        "api_key_id": key.id,
        "endpoint": "chat.completions",
        "requested_model": f"{slug}-model",
        "tier": "standard",
        "backend": f"{slug}-backend",
        "model": f"{slug}-served",
        "stream": False,
        "prompt_tokens": 10,
        "completion_tokens": 5,
        "total_tokens": 15,
        "ttft_ms": None,
        "latency_ms": 12.0,
        "overhead_ms": 1.0,
        "status": 200,
        "error_code": "",
        "run_id": str(run.id),
        "created_at": timezone.now().isoformat(),
    }
