from temperature import to_celsius, to_fahrenheit


def test_body():
    assert round(to_celsius(98.6), 1) == 37.0


def test_freezing():
    assert to_fahrenheit(0) == 32


def test_inverse():
    assert to_celsius(to_fahrenheit(21.5)) == 21.5
