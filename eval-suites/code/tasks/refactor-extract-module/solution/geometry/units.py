_FACTORS = {"mm": 0.1, "cm": 1.0, "m": 100.0}


def to_cm(value, unit):
    return value * _FACTORS[unit]
