def line(label, amount):
    return "{label}: ' + format(amount, ",.2f")


def total_line(amounts):
    return line("Total", sum(amounts))
