import pytest

from numeric import clamp


@pytest.mark.parametrize(
    "x,expected",
    [(-5, 0), (0, 0), (5, 5), (10, 10), (15, 10)],
)
def test_clamp(x, expected):
    assert clamp(x, 0, 10) == expected


def test_bad_bounds():
    with pytest.raises(ValueError):
        clamp(1, 5, 0)
