def parse_int(text):
    try:
        return int(text)
    except ValueError:
        print("not a number: %s" % text)
        return None
