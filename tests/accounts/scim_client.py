"""A SCIM client that sends what identity providers send (Entra ID and Okta shapes), over HTTP."""

from __future__ import annotations

from typing import Any

import httpx

PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
USER = "urn:ietf:params:scim:schemas:core:2.0:User"
GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group"


class ScimClient:
    def __init__(self, base: str, token: str, transport: Any = None) -> None:
        self.http = httpx.Client(
            base_url=f"{base}/scim/v2",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/scim+json"},
            timeout=30,
        )

    def find_user(self, user_name: str) -> list[dict[str, Any]]:
        response = self.http.get("/Users", params={"filter": f'userName eq "{user_name}"'})
        assert response.status_code == 200, response.text
        return list(response.json()["Resources"])

    def create_user(self, user_name: str, *, given: str, family: str) -> dict[str, Any]:
        """Okta's create: the person active, a work email, a throwaway password."""
        body = {
            "schemas": [USER],
            "userName": user_name,
            "name": {"givenName": given, "familyName": family},
            "emails": [{"primary": True, "value": user_name, "type": "work"}],
            "displayName": f"{given} {family}",
            "active": True,
            "password": "ignored-by-the-platform",
        }
        response = self.http.post("/Users", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def create_group(self, name: str) -> dict[str, Any]:
        response = self.http.post("/Groups", json={"schemas": [GROUP], "displayName": name})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def add_member(self, group_id: str, user_id: str) -> httpx.Response:
        """Entra ID's membership change: a capitalized op and a value list."""
        return self.patch(
            f"/Groups/{group_id}", [{"op": "Add", "path": "members", "value": [{"value": user_id}]}]
        )

    def deactivate(self, user_id: str) -> httpx.Response:
        """Entra ID's deactivation: `active` replaced with the string "False"."""
        return self.patch(
            f"/Users/{user_id}", [{"op": "Replace", "path": "active", "value": "False"}]
        )

    def patch(self, path: str, operations: list[dict[str, Any]]) -> httpx.Response:
        return self.http.patch(path, json={"schemas": [PATCH], "Operations": operations})
