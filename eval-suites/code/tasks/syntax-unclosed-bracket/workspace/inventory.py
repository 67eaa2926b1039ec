FRUIT = ["apple", "pear", "plum"


def count():
    return len(FRUIT)


def has(name):
    return name in FRUIT
