from notify import mailer


def test_default_not_urgent():
    mailer.SENT.clear()
    mailer.send("x@example.com", "hi", "there")
    assert mailer.SENT == [{"to": "x@example.com", "subject": "hi", "body": "there", "urgent": False}]


def test_keyword_accepted():
    mailer.SENT.clear()
    mailer.send("x@example.com", "hi", "there", urgent=True)
    assert mailer.SENT[0]["urgent"] is True
