from notify.mailer import send


def digest(to, lines):
    send(to, "Daily digest", "\n".join(lines))
