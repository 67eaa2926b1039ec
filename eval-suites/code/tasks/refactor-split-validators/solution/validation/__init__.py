from validation.age import validate_age
from validation.email import validate_email

__all__ = ["validate_age", "validate_email"]
