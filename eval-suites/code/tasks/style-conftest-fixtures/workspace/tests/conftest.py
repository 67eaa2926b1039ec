import pytest


@pytest.fixture
def inventory():
    return {"bolts": 10, "nuts": 4}
