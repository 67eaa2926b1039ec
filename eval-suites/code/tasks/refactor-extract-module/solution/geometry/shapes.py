import math

from geometry.units import to_cm


def circle_area_cm2(radius, unit="cm"):
    r = to_cm(radius, unit)
    return math.pi * r * r


def rectangle_area_cm2(width, height, unit="cm"):
    return to_cm(width, unit) * to_cm(height, unit)
