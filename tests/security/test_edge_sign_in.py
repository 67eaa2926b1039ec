"""Password guessing at the real sign-in form under uvicorn: an account locks after repeated
failures, from any address, and so does the guessing address, while another person at another
address signs in; the lockout is audited once, and administrators lift it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
import redis as redis_lib
from django.core.management import call_command
from django.test import Client

from audit.models import AuditEntry
from tests.factories import TenantFixture, make_user
from tests.security.edge_http import Reply, Request, send
from tests.support.processes import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "correct horse battery staple"  # tests.factories.make_user's
OTHER_ADDRESS = "127.0.0.2"


@pytest.fixture(scope="module")
def server(django_db_setup: None) -> Iterator[str]:
    with asgi_server() as base:
        yield base


@pytest.fixture(autouse=True)
def fresh(redis_client: redis_lib.Redis) -> None:
    """Each test starts with no lockout markers (the failures themselves are rows, emptied)."""


def sign_in(base: str, username: str, password: str, source: str = "127.0.0.1") -> Reply:
    form = send(base, Request("GET", "/login/"), source=source)
    token = re.search(r"csrftoken=([^;]+)", form.headers["set-cookie"]).group(1)  # type: ignore[union-attr]
    hidden = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)  # type: ignore[union-attr]
    body = urlencode({"csrfmiddlewaretoken": hidden, "username": username, "password": password})
    headers = {"Cookie": f"csrftoken={token}", "Content-Type": "application/x-www-form-urlencoded"}
    return send(base, Request("POST", "/login/", headers, body.encode()), source=source)


def audited(action: str, organization_id: int) -> int:
    return AuditEntry.objects.filter(action=action, organization_id=organization_id).count()


def test_thirty_guesses_lock_the_account_and_the_address_not_other_people(
    server: str, acme: TenantFixture
) -> None:
    victim = acme.owner.username
    guesses = [sign_in(server, victim, f"guess-{n}").status for n in range(30)]
    assert guesses[:9] == [200] * 9  # the form again, with its error
    assert set(guesses[9:]) == {429}

    # The right password is refused now, from this address and from another one
    assert sign_in(server, victim, PASSWORD).status == 429
    locked = sign_in(server, victim, PASSWORD, source=OTHER_ADDRESS)
    assert locked.status == 429
    assert "Sign-in locked" in locked.text
    assert int(locked.headers["retry-after"]) > 0
    # Another person from another address signs in; from the guessing address they cannot
    assert sign_in(server, acme.member.username, PASSWORD, source=OTHER_ADDRESS).status == 302
    assert sign_in(server, acme.member.username, PASSWORD).status == 429

    # Audited once, on the platform's chain and on the account's organization's
    assert audited("sign_in.locked", 0) >= 1
    assert audited("sign_in.locked", acme.organization.id) == 1

    # An operator lifts it; the account and the address sign in again
    call_command("unlock_sign_in", username=victim, address="127.0.0.1")
    assert sign_in(server, victim, PASSWORD).status == 302
    assert audited("sign_in.unlocked", acme.organization.id) == 1


def test_staff_unlock_an_account_from_the_admin(server: str, acme: TenantFixture) -> None:
    victim = acme.reviewer.username
    for n in range(10):
        sign_in(server, victim, f"guess-{n}", source=OTHER_ADDRESS)
    assert sign_in(server, victim, PASSWORD, source="127.0.0.3").status == 429

    operator = make_user("operator")
    operator.is_staff = operator.is_superuser = True
    operator.save()
    admin = Client()
    admin.force_login(operator)
    reply = admin.post(
        "/admin/accounts/user/",
        {"action": "unlock_sign_in", "_selected_action": [acme.reviewer.pk]},
    )
    assert reply.status_code == 302
    assert sign_in(server, victim, PASSWORD, source="127.0.0.3").status == 302
    unlocked = AuditEntry.objects.get(action="sign_in.unlocked", organization_id=0)
    assert unlocked.actor_user_id == operator.pk
