from search import find


def test_every_position():
    items = list(range(0, 40, 3))
    assert [find(items, x) for x in items] == list(range(len(items)))


def test_absent():
    assert find([1, 3, 5], 4) == -1
    assert find([], 1) == -1
    assert find([2], 2) == 0
