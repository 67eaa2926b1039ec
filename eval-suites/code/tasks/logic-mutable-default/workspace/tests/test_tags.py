from tags import add_tag


def test_calls_are_independent():
    assert add_tag("A") == ["a"]
    assert add_tag("B") == ["b"]
