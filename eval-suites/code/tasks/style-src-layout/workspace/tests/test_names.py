from textkit import initials


def test_two_names():
    assert initials("ada lovelace") == "AL"


def test_extra_spaces():
    assert initials("  grace   hopper ") == "GH"
