"""A SAML 2.0 identity provider for tests, built with pysaml2: it signs for real with a key and
certificate made for the run, publishes its metadata, reads the platform's AuthnRequests
(redirect binding) and answers with Responses the tests shape (who, which groups, lifetime,
audience, what is signed). `serve_saml_idp` puts it on loopback for a browser: its single
sign-on page shows a "Continue" button that posts the signed response to the platform's ACS,
as an identity provider does after its own sign-in.
"""

from __future__ import annotations

import base64
import datetime
import html
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock
from urllib.parse import parse_qs, urlsplit

import saml2.time_util
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from saml2 import BINDING_HTTP_REDIRECT
from saml2.assertion import Policy
from saml2.config import IdPConfig
from saml2.metadata import entity_descriptor
from saml2.saml import NAMEID_FORMAT_EMAILADDRESS, NameID
from saml2.server import Server

PASSWORD_CONTEXT = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"


@dataclass(frozen=True)
class Person:
    """Who signs in at the identity provider, and the groups it says they are in."""

    email: str
    groups: tuple[str, ...] = ()
    given_name: str = "Ada"
    family_name: str = "Lovelace"


@dataclass(frozen=True)
class AuthnRequest:
    id: str
    acs_url: str
    issuer: str
    relay_state: str


def key_and_certificate(common_name: str) -> tuple[str, str]:
    """A fresh RSA key and a self-signed certificate for it, both PEM."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return key_pem.decode(), certificate.public_bytes(serialization.Encoding.PEM).decode()


@dataclass
class SamlIdp:
    """The identity provider at `base` (its entity id is `<base>/metadata`)."""

    base: str
    folder: Path
    person: Person = field(default_factory=lambda: Person("ada@acme.example"))
    trusted: list[str] = field(default_factory=list)
    _built: tuple[int, Server] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        key, certificate = key_and_certificate("Test identity provider")
        (self.folder / "idp.key").write_text(key)
        (self.folder / "idp.crt").write_text(certificate)
        self.entity_id = f"{self.base}/metadata"
        self.sso_url = f"{self.base}/sso"
        self.metadata_xml = entity_descriptor(self._config()).to_string().decode()

    def trust(self, sp_metadata_xml: str) -> None:
        """Accept requests from (and answer) the service provider this metadata describes."""
        self.trusted.append(sp_metadata_xml)

    def read_request(self, saml_request: str, relay_state: str = "") -> AuthnRequest:
        message = self._server().parse_authn_request(saml_request, BINDING_HTTP_REDIRECT).message
        return AuthnRequest(
            id=message.id,
            acs_url=message.assertion_consumer_service_url,
            issuer=message.issuer.text,
            relay_state=relay_state,
        )

    def respond(
        self,
        request: AuthnRequest,
        *,
        audience: str | None = None,
        clock_offset: int = 0,
        sign_assertion: bool = True,
        sign_response: bool = False,
        in_response_to: str | None = None,
    ) -> str:
        """A base64 SAMLResponse for `request` about `self.person` (the POST binding's form
        field), valid for five minutes by the IdP's clock. `audience` names another service
        provider (it must be trusted too); `clock_offset` puts the IdP's clock that many seconds
        off (-600: the whole answer lies ten minutes in the past)."""
        policy = Policy({"default": {"lifetime": {"minutes": 5}}})
        with idp_clock(clock_offset):
            response = self._answer(
                request, audience, policy, sign_assertion, sign_response, in_response_to
            )
        return base64.b64encode(str(response).encode()).decode()

    def _answer(
        self,
        request: AuthnRequest,
        audience: str | None,
        policy: Policy,
        sign_assertion: bool,
        sign_response: bool,
        in_response_to: str | None,
    ) -> Any:
        return self._server().create_authn_response(
            identity=self._attributes(),
            in_response_to=in_response_to or request.id,
            destination=request.acs_url,
            sp_entity_id=audience or request.issuer,
            name_id=NameID(format=NAMEID_FORMAT_EMAILADDRESS, text=self.person.email),
            authn={"class_ref": PASSWORD_CONTEXT},
            sign_assertion=sign_assertion,
            sign_response=sign_response,
            release_policy=policy,
        )

    def _attributes(self) -> dict[str, list[str]]:
        return {
            "email": [self.person.email],
            "givenName": [self.person.given_name],
            "sn": [self.person.family_name],
            "groups": list(self.person.groups),
        }

    def _config(self) -> IdPConfig:
        config = IdPConfig()
        config.load(
            {
                "entityid": self.entity_id,
                "service": {
                    "idp": {
                        "endpoints": {
                            "single_sign_on_service": [(self.sso_url, BINDING_HTTP_REDIRECT)]
                        },
                        "name_id_format": [NAMEID_FORMAT_EMAILADDRESS],
                    }
                },
                "key_file": str(self.folder / "idp.key"),
                "cert_file": str(self.folder / "idp.crt"),
                "allow_unknown_attributes": True,
                "metadata": {"inline": list(self.trusted)},
            }
        )
        return config

    def _server(self) -> Server:
        """pysaml2's IdP, built again only when it trusts another service provider (building
        one reads every attribute map: a few hundred milliseconds)."""
        if self._built is None or self._built[0] != len(self.trusted):
            self._built = (len(self.trusted), Server(config=self._config()))
        return self._built[1]


@contextmanager
def idp_clock(offset: int) -> Iterator[None]:
    """pysaml2's clock (saml2.time_util: IssueInstant, NotBefore, NotOnOrAfter) `offset` seconds
    off while the identity provider writes an answer; nothing else's."""
    if not offset:
        yield
        return

    class Shifted(datetime.datetime):
        @classmethod
        def now(cls, tz: datetime.tzinfo | None = None) -> Shifted:
            moment = datetime.datetime.now(tz) + datetime.timedelta(seconds=offset)
            return cls.fromtimestamp(moment.timestamp(), tz)

    shifted_time = ModuleType("time")
    shifted_time.__dict__.update(time.__dict__)
    shifted_time.gmtime = lambda seconds=None: time.gmtime(  # type: ignore[attr-defined]
        time.time() + offset if seconds is None else seconds
    )
    with (
        mock.patch.object(saml2.time_util, "datetime", Shifted),
        mock.patch.object(saml2.time_util, "time", shifted_time),
    ):
        yield


def tampered(saml_response: str, old: str, new: str) -> str:
    """The base64 SAMLResponse with `old` replaced by `new` inside (its signature untouched)."""
    xml = base64.b64decode(saml_response).decode()
    assert old in xml, f"{old!r} is not in the response"
    return base64.b64encode(xml.replace(old, new).encode()).decode()


def post_form(action: str, fields: dict[str, str]) -> bytes:
    """The page an identity provider shows after its sign-in: the response in a form that the
    person (or their browser's script) posts to the service provider."""
    inputs = "".join(
        f'<input type="hidden" name="{name}" value="{html.escape(value)}">'
        for name, value in fields.items()
        if value
    )
    return (
        "<!doctype html><html lang=en><title>Identity provider</title><main>"
        f'<form method="post" action="{html.escape(action)}">{inputs}'
        "<button type=submit>Continue</button></form></main></html>"
    ).encode()


@contextmanager
def serve_saml_idp(person: Person | None = None) -> Iterator[SamlIdp]:
    """The identity provider on a loopback port: GET /metadata, and GET /sso with the redirect
    binding's SAMLRequest, answered for `idp.person` (change it between sign-ins)."""
    holder: dict[str, SamlIdp] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            idp = holder["idp"]
            url = urlsplit(self.path)
            if url.path == "/metadata":
                self._send(200, idp.metadata_xml.encode(), "application/samlmetadata+xml")
                return
            query = {key: values[0] for key, values in parse_qs(url.query).items()}
            if url.path != "/sso" or "SAMLRequest" not in query:
                self._send(404, b"not found", "text/plain")
                return
            request = idp.read_request(query["SAMLRequest"], query.get("RelayState", ""))
            fields = {"SAMLResponse": idp.respond(request), "RelayState": request.relay_state}
            self._send(200, post_form(request.acs_url, fields), "text/html; charset=utf-8")

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    with tempfile.TemporaryDirectory(prefix="saml-idp-") as folder:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        holder["idp"] = SamlIdp(base=base, folder=Path(folder))
        if person is not None:
            holder["idp"].person = person
        thread.start()
        try:
            yield holder["idp"]
        finally:
            server.shutdown()
            server.server_close()
