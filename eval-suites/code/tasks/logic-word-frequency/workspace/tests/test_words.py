from words import word_counts


def test_case_and_punctuation():
    assert word_counts("The cat, the hat.") == {"the": 2, "cat": 1, "hat": 1}
