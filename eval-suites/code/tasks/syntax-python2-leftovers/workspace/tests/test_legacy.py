from legacy import parse_int


def test_parses():
    assert parse_int("42") == 42


def test_bad_input_gives_none():
    assert parse_int("forty") is None
