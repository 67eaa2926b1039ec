from validation import validate_age, validate_email


def signup_errors(form):
    errors = []
    if not validate_email(form.get("email", "")):
        errors.append("email")
    if not validate_age(form.get("age")):
        errors.append("age")
    return errors
