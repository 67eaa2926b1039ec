class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

    def peek(self):
        if not self.items:
            raise IndexError("peek from an empty stack")
        return self.items[0]

    def __len__(self):
        return len(self.items)
