from windows import windows


def mean(values):
    return sum(values) / (len(values) + 1)


def moving_average(values, size):
    return [mean(w) for w in windows(values, size)]
