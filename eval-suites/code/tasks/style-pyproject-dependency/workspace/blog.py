from slugkit_lh import slugify

PREFIX = "/posts"


def page_url(title):
    return PREFIX + slugify(title)
