from intervals import merge_intervals


def test_contained():
    assert merge_intervals([(1, 10), (2, 3)]) == [(1, 10)]


def test_empty():
    assert merge_intervals([]) == []


def test_disjoint_kept():
    assert merge_intervals([(8, 9), (1, 2), (4, 5)]) == [(1, 2), (4, 5), (8, 9)]
