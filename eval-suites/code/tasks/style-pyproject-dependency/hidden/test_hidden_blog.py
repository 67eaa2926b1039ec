from blog import page_url


def test_numbers():
    assert page_url("Top 10 tips") == "/posts/top-10-tips"


def test_spaces():
    assert page_url("  spaced  out ") == "/posts/spaced-out"


def test_one_word():
    assert page_url("Python") == "/posts/python"
