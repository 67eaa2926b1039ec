from __future__ import annotations

import pytest

from config.env import (
    ConfigurationError,
    env_bool,
    env_int,
    local_url,
    parse_database_url,
    validate_redis_url,
)


def test_database_url_with_host_and_port() -> None:
    parsed = parse_database_url("postgresql://app:s%40cret@db.internal:6543/longhaul")
    assert parsed["HOST"] == "db.internal"
    assert parsed["PORT"] == "6543"
    assert parsed["USER"] == "app"
    assert parsed["PASSWORD"] == "s@cret"
    assert parsed["NAME"] == "longhaul"


def test_database_url_with_socket_directory_and_options() -> None:
    parsed = parse_database_url("postgresql://postgres@/longhaul?host=/tmp/pg&sslmode=disable")
    assert parsed["HOST"] == "/tmp/pg"
    assert parsed["OPTIONS"] == {"sslmode": "disable"}


@pytest.mark.parametrize(
    "url",
    [
        "mysql://x/y",
        "not a url",
        "postgresql://host",
        "postgresql:///db",
        "postgresql://h:99999999/db",
    ],
)
def test_malformed_database_url_is_a_configuration_error(url: str) -> None:
    with pytest.raises(ConfigurationError, match="DATABASE_URL"):
        parse_database_url(url)


def test_malformed_redis_url_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match="REDIS_URL"):
        validate_redis_url("127.0.0.1:6379")


def test_typed_readers_name_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LONGHAUL_X", "maybe")
    with pytest.raises(ConfigurationError, match="LONGHAUL_X"):
        env_bool("LONGHAUL_X")
    monkeypatch.setenv("LONGHAUL_X", "ten")
    with pytest.raises(ConfigurationError, match="LONGHAUL_X"):
        env_int("LONGHAUL_X", 1)
    monkeypatch.setenv("LONGHAUL_X", "42")
    assert env_int("LONGHAUL_X", 1) == 42


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", "http://127.0.0.1:8765/v1"),
        ("0.0.0.0", "http://127.0.0.1:8765/v1"),
        ("::", "http://[::1]:8765/v1"),
        ("::1", "http://[::1]:8765/v1"),
        ("web", "http://web:8765/v1"),
    ],
)
def test_local_url_reaches_a_server_through_the_address_it_listens_on(
    host: str, expected: str
) -> None:
    assert local_url(host, 8765, "/v1") == expected
