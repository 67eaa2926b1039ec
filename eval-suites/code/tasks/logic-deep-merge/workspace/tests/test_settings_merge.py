from settings_merge import merge


def test_nested_sections_merge():
    defaults = {"db": {"host": "localhost", "port": 5432}, "debug": False}
    assert merge(defaults, {"db": {"port": 6543}}) == {
        "db": {"host": "localhost", "port": 6543},
        "debug": False,
    }
