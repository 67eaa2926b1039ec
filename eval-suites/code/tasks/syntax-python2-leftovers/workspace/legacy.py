def parse_int(text):
    try:
        return int(text)
    except ValueError, error:
        print "not a number: %s" % text
        return None
