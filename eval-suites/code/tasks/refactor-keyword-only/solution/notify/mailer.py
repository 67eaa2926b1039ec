SENT = []


def send(to, subject, body, *, urgent=False):
    SENT.append({"to": to, "subject": subject, "body": body, "urgent": urgent})
