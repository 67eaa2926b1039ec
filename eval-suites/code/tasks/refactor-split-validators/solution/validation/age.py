def validate_age(value):
    return isinstance(value, int) and 0 <= value <= 150
