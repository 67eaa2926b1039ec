def greet(name, shout=False):
    text = f"Hello, {name}!"
    if shout:
    text = text.upper()
    return text
