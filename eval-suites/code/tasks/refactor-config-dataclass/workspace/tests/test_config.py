from app.config import Config, load_config
from app.server import describe


def test_defaults():
    assert load_config({}) == Config(host="127.0.0.1", port=8000, debug=False)


def test_describe():
    config = load_config({"HOST": "0.0.0.0", "PORT": "9000", "DEBUG": "1"})
    assert describe(config) == "http://0.0.0.0:9000 (debug)"
