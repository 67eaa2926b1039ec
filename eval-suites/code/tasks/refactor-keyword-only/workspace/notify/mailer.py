SENT = []


def send(to, subject, body, urgent):
    SENT.append({"to": to, "subject": subject, "body": body, "urgent": urgent})
