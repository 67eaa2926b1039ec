def merge(defaults, override):
    """A new dict: override's values win, nested dicts are merged key by key."""
    result = dict(defaults)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result
