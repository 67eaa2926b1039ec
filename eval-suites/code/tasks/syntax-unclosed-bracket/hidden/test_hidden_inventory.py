from inventory import FRUIT, count, has


def test_missing_fruit():
    assert not has("kiwi")


def test_order_kept():
    assert FRUIT == ["apple", "pear", "plum"]
    assert count() == len(FRUIT)
