import pytest

from stack import Stack


def test_peek_one():
    s = Stack()
    s.push("a")
    assert s.peek() == "a"


def test_peek_after_pop():
    s = Stack()
    for x in "abc":
        s.push(x)
    s.pop()
    assert s.peek() == "b"


def test_peek_keeps_length():
    s = Stack()
    s.push(1)
    s.push(2)
    s.peek()
    assert len(s) == 2


def test_empty():
    with pytest.raises(IndexError):
        Stack().peek()
