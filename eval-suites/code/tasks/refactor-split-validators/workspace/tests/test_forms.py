from forms import signup_errors
from validation import validate_age, validate_email


def test_validators():
    assert validate_email("a@example.com")
    assert not validate_age(200)


def test_signup():
    assert signup_errors({"email": "nope", "age": 30}) == ["email"]
