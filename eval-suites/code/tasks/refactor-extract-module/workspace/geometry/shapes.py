import math

_FACTORS = {"mm": 0.1, "cm": 1.0, "m": 100.0}


def _to_cm(value, unit):
    return value * _FACTORS[unit]


def circle_area_cm2(radius, unit="cm"):
    r = _to_cm(radius, unit)
    return math.pi * r * r


def rectangle_area_cm2(width, height, unit="cm"):
    return _to_cm(width, unit) * _to_cm(height, unit)
