from inventory import count, has


def test_count():
    assert count() == 3


def test_has():
    assert has("pear")
