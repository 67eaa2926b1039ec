from slugkit_lh import slugify


def post_url(title):
    return "/posts/" + slugify(title) + "/"
