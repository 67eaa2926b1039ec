from blog import post_url


def test_spaces_collapse():
    assert post_url("  Long   haul  ") == "/posts/long-haul/"


def test_digits_kept():
    assert post_url("Top 10 Tips") == "/posts/top-10-tips/"
