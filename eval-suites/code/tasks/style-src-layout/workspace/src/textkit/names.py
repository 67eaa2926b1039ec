def initials(name):
    """'ada lovelace' -> 'AL'."""
    parts = [part for part in name.split(" ") if part]
    return "".join(part[0] for part in parts).lower()
