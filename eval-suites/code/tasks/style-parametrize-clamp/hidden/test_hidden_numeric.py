import pytest

from numeric import clamp


@pytest.mark.parametrize("x,expected", [(2.5, 2.5), (-0.1, 0), (99, 3)])
def test_floats(x, expected):
    assert clamp(x, 0, 3) == expected


def test_equal_bounds():
    assert clamp(7, 4, 4) == 4


def test_negative_range():
    assert clamp(0, -3, -1) == -1


def test_inside():
    assert clamp(2, 1, 3) == 2
