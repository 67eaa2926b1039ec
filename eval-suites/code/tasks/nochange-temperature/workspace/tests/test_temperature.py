import pytest

from temperature import to_celsius, to_fahrenheit


@pytest.mark.parametrize("c,f", [(0, 32), (100, 212), (-40, -40)])
def test_round_trip(c, f):
    assert to_fahrenheit(c) == f
    assert to_celsius(f) == c
