import math

from geometry import shapes, units


def test_shapes_use_units():
    assert shapes.to_cm is units.to_cm
    assert not hasattr(shapes, "_to_cm")


def test_circle():
    assert math.isclose(shapes.circle_area_cm2(1, "m"), math.pi * 10000)


def test_unknown_unit():
    try:
        units.to_cm(1, "furlong")
    except KeyError:
        return
    raise AssertionError("an unknown unit must raise KeyError")
