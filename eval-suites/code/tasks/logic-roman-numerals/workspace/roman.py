NUMERALS = [(1000, "M"), (500, "D"), (100, "C"), (50, "L"), (10, "X"), (5, "V"), (1, "I")]


def to_roman(number):
    if not 0 < number < 4000:
        raise ValueError("1 to 3999 only")
    out = []
    for value, letters in NUMERALS:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)
