from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    host: str
    port: int
    debug: bool


def load_config(env):
    return Config(
        host=env.get("HOST", "127.0.0.1"),
        port=int(env.get("PORT", "8000")),
        debug=env.get("DEBUG", "0") == "1",
    )
