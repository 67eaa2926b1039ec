from calc import add, sub


def test_add_negative():
    assert add(-2, -3) == -5


def test_sub_to_negative():
    assert sub(1, 4) == -3


def test_add_floats():
    assert add(0.5, 0.25) == 0.75
