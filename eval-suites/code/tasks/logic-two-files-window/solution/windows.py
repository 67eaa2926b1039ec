def windows(values, size):
    """Every run of `size` consecutive values."""
    return [values[i : i + size] for i in range(len(values) - size + 1)]
