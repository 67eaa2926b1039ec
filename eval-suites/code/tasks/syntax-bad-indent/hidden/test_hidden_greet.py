from greet import greet


def test_quiet_keeps_case():
    assert greet("bob") == "Hello, bob!"


def test_shout_other_name():
    assert greet("Li", shout=True) == "HELLO, LI!"
