def add_tag(tag, tags=[]):
    tags.append(tag.strip().lower())
    return tags
