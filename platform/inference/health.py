"""Readiness of the configured inference backends."""

from __future__ import annotations


def check_backends() -> dict[str, tuple[bool, str]]:
    """One entry per configured backend; empty while no backend is configured."""
    return {}
