from stats import mean, moving_average
from windows import windows


def test_windows():
    assert windows([1, 2, 3], 2) == [[1, 2], [2, 3]]


def test_mean():
    assert mean([2, 4]) == 3


def test_moving_average():
    assert moving_average([2, 4, 6, 8], 2) == [3, 5, 7]
