from notify.mailer import send


def alert(to, problem):
    send(to, "ALERT", problem, urgent=True)
