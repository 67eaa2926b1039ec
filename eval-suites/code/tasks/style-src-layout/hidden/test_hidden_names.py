from textkit import initials


def test_one_name():
    assert initials("turing") == "T"


def test_three_names():
    assert initials("john von neumann") == "JVN"


def test_already_upper():
    assert initials("Alan Kay") == "AK"


def test_empty():
    assert initials("") == ""
