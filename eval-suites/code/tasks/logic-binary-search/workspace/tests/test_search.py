from search import find


def test_middle():
    assert find([1, 3, 5, 7, 9], 5) == 2


def test_last():
    assert find([1, 3, 5, 7, 9], 9) == 4
