import re

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.IGNORECASE)


def validate_email(value):
    return bool(_EMAIL.match(value))


def validate_age(value):
    return isinstance(value, int) and 0 <= value <= 150


def signup_errors(form):
    errors = []
    if not validate_email(form.get("email", "")):
        errors.append("email")
    if not validate_age(form.get("age")):
        errors.append("age")
    return errors
