import dataclasses

from app.config import Config, load_config
from app.server import describe


def test_frozen_dataclass():
    config = load_config({})
    assert dataclasses.is_dataclass(config)
    assert [f.name for f in dataclasses.fields(Config)] == ["host", "port", "debug"]
    try:
        config.port = 1
    except dataclasses.FrozenInstanceError:
        return
    raise AssertionError("Config must be frozen")


def test_production():
    assert describe(Config(host="h", port=1, debug=False)) == "http://h:1 (production)"
