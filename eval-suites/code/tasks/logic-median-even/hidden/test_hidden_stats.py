from stats import median


def test_two_values():
    assert median([10, 20]) == 15


def test_single():
    assert median([7]) == 7


def test_empty_raises():
    try:
        median([])
    except ValueError:
        return
    raise AssertionError("median([]) must raise ValueError")


def test_input_untouched():
    values = [5, 1, 4, 2]
    assert median(values) == 3
    assert values == [5, 1, 4, 2]
