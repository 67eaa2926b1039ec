from words import word_counts


def test_empty():
    assert word_counts("") == {}


def test_only_punctuation_is_no_word():
    assert word_counts("-- !") == {}


def test_apostrophes_stay_inside_words():
    assert word_counts("Don't stop; don't!") == {"don't": 2, "stop": 1}
