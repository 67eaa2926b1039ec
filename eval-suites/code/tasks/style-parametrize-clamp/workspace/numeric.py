def clamp(x, low, high):
    if low > high:
        raise ValueError("low is above high")
    return max(low, max(x, high))
