import forms
from validation import age, email


def test_modules():
    assert email.validate_email("x@y.org")
    assert not email.validate_email("x@y")
    assert age.validate_age(0)
    assert not age.validate_age("3")


def test_forms_imports_them():
    assert forms.validate_email is email.validate_email
    assert forms.validate_age is age.validate_age
    assert forms.signup_errors({"email": "a@b.io", "age": -1}) == ["age"]
