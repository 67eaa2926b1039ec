from geometry.shapes import rectangle_area_cm2
from geometry.units import to_cm


def test_to_cm():
    assert to_cm(2, "m") == 200


def test_rectangle():
    assert rectangle_area_cm2(10, 20, "mm") == 2.0
