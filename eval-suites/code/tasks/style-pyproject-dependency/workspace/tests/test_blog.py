from blog import page_url


def test_simple():
    assert page_url("Hello World") == "/posts/hello-world"


def test_punctuation():
    assert page_url("What's new?") == "/posts/what-s-new"
