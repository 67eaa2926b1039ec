def load_config(env):
    return {
        "host": env.get("HOST", "127.0.0.1"),
        "port": int(env.get("PORT", "8000")),
        "debug": env.get("DEBUG", "0") == "1",
    }
