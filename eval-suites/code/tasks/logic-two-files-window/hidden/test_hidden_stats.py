from stats import mean, moving_average
from windows import windows


def test_whole():
    assert windows([1, 2], 2) == [[1, 2]]


def test_mean_one():
    assert mean([5]) == 5


def test_moving_three():
    assert moving_average([3, 3, 6, 6], 3) == [4, 5]
