from legacy import parse_int


def test_negative():
    assert parse_int("-7") == -7


def test_spaces_are_fine():
    assert parse_int(" 8 ") == 8


def test_empty_is_none():
    assert parse_int("") is None
