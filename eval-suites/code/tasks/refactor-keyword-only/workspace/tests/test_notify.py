from notify import mailer
from notify.alerts import alert
from notify.digest import digest


def test_urgent_is_keyword_only():
    try:
        mailer.send("a@example.com", "s", "b", True)
    except TypeError:
        pass
    else:
        raise AssertionError("urgent must be keyword-only")


def test_callers():
    mailer.SENT.clear()
    alert("ops@example.com", "disk full")
    digest("me@example.com", ["a", "b"])
    assert [m["urgent"] for m in mailer.SENT] == [True, False]
