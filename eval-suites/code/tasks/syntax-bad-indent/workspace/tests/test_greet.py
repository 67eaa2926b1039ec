from greet import greet


def test_greet():
    assert greet("Ada") == "Hello, Ada!"


def test_shout():
    assert greet("Ada", shout=True) == "HELLO, ADA!"
