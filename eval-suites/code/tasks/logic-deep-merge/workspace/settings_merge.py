def merge(defaults, override):
    """A new dict: override's values win, nested dicts are merged key by key."""
    result = dict(defaults)
    result.update(override)
    return result
