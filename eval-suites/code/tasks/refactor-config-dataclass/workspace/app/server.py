def describe(config):
    mode = "debug" if config["debug"] else "production"
    return f"http://{config['host']}:{config['port']} ({mode})"
