from tags import add_tag


def test_given_list_is_extended():
    mine = ["x"]
    assert add_tag(" Y ", mine) == ["x", "y"]
    assert mine == ["x", "y"]


def test_fresh_after_given_list():
    add_tag("q", [])
    assert add_tag("Z") == ["z"]
