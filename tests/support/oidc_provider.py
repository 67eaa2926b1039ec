"""A small OpenID provider for tests, run as a process of its own on loopback.

It serves discovery, its JWKS, an authorization endpoint, a token endpoint and an end-session
endpoint, and signs ID tokens with a real RSA key (joserfc, Authlib's JOSE implementation).
Authorization codes are single-use and bound to the client, the redirect URI and the PKCE
challenge (S256), as a real provider binds them. The authorization endpoint signs in whoever the
test says is at the keyboard (POST /_control), and the next ID token can be spoiled on request
(`tamper`: audience, expired, signature, nonce, issuer) to check that the platform refuses it.
`POST /_control/access-token` issues a JWT access token for a resource, as the provider would
after the code flow, spoiled the same ways on request.

    python -m tests.support.oidc_provider --port 0 --client-id longhaul --client-secret s3cret
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

# A name of its own each run: keys other runs left in the platform's cache are never used.
KID = f"test-key-{secrets.token_hex(4)}"


@dataclass
class Provider:
    issuer: str
    client_id: str
    client_secret: str
    key: RSAKey = field(default_factory=lambda: RSAKey.generate_key(2048, {"kid": KID}))
    person: dict[str, Any] = field(default_factory=dict)
    tamper: str = ""
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def discovery(self) -> dict[str, Any]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "jwks_uri": f"{self.issuer}/jwks",
            "end_session_endpoint": f"{self.issuer}/logout",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
        }

    def authorize(self, query: dict[str, str]) -> tuple[int, dict[str, str]]:
        wrong = (
            query.get("client_id") != self.client_id
            or query.get("response_type") != "code"
            or query.get("code_challenge_method") != "S256"
            or not query.get("code_challenge")
            or "openid" not in query.get("scope", "").split()
        )
        if wrong or not self.person:
            return 400, {}
        code = secrets.token_urlsafe(24)
        with self.lock:
            self.codes[code] = {**query, "person": dict(self.person)}
        target = f"{query['redirect_uri']}?{urlencode({'code': code, 'state': query['state']})}"
        return 302, {"Location": target}

    def token(self, form: dict[str, str], authorization: str) -> tuple[int, dict[str, Any]]:
        if not self._client_authenticated(form, authorization):
            return 401, {"error": "invalid_client"}
        with self.lock:
            grant = self.codes.pop(form.get("code", ""), None)  # single use
            tamper, self.tamper = self.tamper, ""
        if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
            return 400, {"error": "invalid_grant"}
        digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
        if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != grant["code_challenge"]:
            return 400, {"error": "invalid_grant", "error_description": "PKCE verification failed"}
        access_token = secrets.token_urlsafe(24)
        id_token = self.id_token(grant, tamper)
        return 200, {"access_token": access_token, "token_type": "Bearer", "id_token": id_token}

    def _client_authenticated(self, form: dict[str, str], authorization: str) -> bool:
        if authorization.startswith("Basic "):
            pair = base64.b64decode(authorization[6:]).decode()
            return pair == f"{self.client_id}:{self.client_secret}"
        given = (form.get("client_id"), form.get("client_secret"))
        return given == (self.client_id, self.client_secret)

    def id_token(self, grant: dict[str, Any], tamper: str) -> str:
        now = int(time.time())
        person = grant["person"]
        claims = {
            "iss": self.issuer,
            "sub": person["sub"],
            "aud": self.client_id,
            "iat": now,
            "exp": now + 300,
            "nonce": grant["nonce"],
            "email": person["email"],
            "email_verified": True,
            "given_name": person.get("given_name", ""),
            "groups": person.get("groups", []),
        }
        spoiled: dict[str, dict[str, Any]] = {
            "audience": {"aud": "someone-else"},
            "expired": {"iat": now - 3600, "exp": now - 1800},
            "nonce": {"nonce": "a-nonce-from-another-sign-in"},
            "issuer": {"iss": "https://evil.example"},
        }
        claims.update(spoiled.get(tamper, {}))
        key = self.key
        if tamper == "signature":  # another key under the same name
            key = RSAKey.generate_key(2048, {"kid": KID})
        return jwt.encode({"alg": "RS256", "kid": KID}, claims, key)

    def access_token(self, request: dict[str, Any]) -> str:
        """A JWT access token for a resource (RFC 8707), as a provider issues one after the
        code flow: `sub`, `resource`, `scope`, and `tamper` as for ID tokens."""
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "sub": request["sub"],
            "aud": request["resource"],
            "client_id": "an-mcp-client",
            "scope": request.get("scope", "runs"),
            "iat": now,
            "exp": now + 300,
        }
        spoiled: dict[str, dict[str, Any]] = {
            "audience": {"aud": f"{self.issuer}/somewhere-else"},
            "expired": {"iat": now - 3600, "exp": now - 1800},
            "issuer": {"iss": "https://evil.example"},
        }
        claims.update(spoiled.get(request.get("tamper", ""), {}))
        key = self.key
        if request.get("tamper") == "signature":
            key = RSAKey.generate_key(2048, {"kid": KID})
        return jwt.encode({"alg": "RS256", "kid": KID}, claims, key)


def _handler(provider: Provider) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _send(
            self, status: int, body: Any = None, headers: dict[str, str] | None = None
        ) -> None:
            data = json.dumps(body).encode() if body is not None else b""
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            query = {key: values[0] for key, values in parse_qs(url.query).items()}
            if url.path == "/.well-known/openid-configuration":
                self._send(200, provider.discovery())
            elif url.path == "/jwks":
                self._send(200, KeySet([provider.key]).as_dict(private=False))
            elif url.path == "/authorize":
                status, headers = provider.authorize(query)
                self._send(status, None if status == 302 else {"error": "invalid_request"}, headers)
            elif url.path == "/logout":
                provider.log.append({"logout": query})
                after = query.get("post_logout_redirect_uri")
                if after:
                    self._send(302, None, {"Location": after})
                else:
                    self._send(200, {})
            elif url.path == "/_log":
                self._send(200, provider.log)
            else:
                self._send(404, {"error": "not_found"})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode()
            if self.path == "/_control":
                change = json.loads(raw)
                provider.person = change.get("person", provider.person)
                provider.tamper = change.get("tamper", "")
                self._send(200, {})
            elif self.path == "/_control/access-token":
                self._send(200, {"access_token": provider.access_token(json.loads(raw))})
            elif self.path == "/token":
                form = {key: values[0] for key, values in parse_qs(raw).items()}
                status, body = provider.token(form, self.headers.get("Authorization", ""))
                self._send(status, body, {"Cache-Control": "no-store"})
            else:
                self._send(404, {"error": "not_found"})

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--client-id", default="longhaul")
    parser.add_argument("--client-secret", default="s3cret")
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", options.port), BaseHTTPRequestHandler)
    port = server.server_address[1]
    provider = Provider(f"http://127.0.0.1:{port}", options.client_id, options.client_secret)
    server.RequestHandlerClass = _handler(provider)
    print(port, flush=True)  # the parent reads the port from the first line
    server.serve_forever()


@contextmanager
def oidc_provider_process(client_id: str, client_secret: str) -> Iterator[str]:
    """Runs the provider; yields its issuer URL."""
    import subprocess
    import sys

    from tests.support.processes import REPO, stop_process

    command = [sys.executable, "-m", "tests.support.oidc_provider", "--client-id", client_id]
    process = subprocess.Popen(
        [*command, "--client-secret", client_secret],
        cwd=REPO,
        start_new_session=True,
        stdout=subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(process, grace=0.1)


if __name__ == "__main__":
    main()
