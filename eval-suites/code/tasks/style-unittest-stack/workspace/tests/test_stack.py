import unittest

from stack import Stack


class StackTest(unittest.TestCase):
    def setUp(self):
        self.stack = Stack()
        for item in (1, 2, 3):
            self.stack.push(item)

    def test_peek_is_the_top(self):
        self.assertEqual(self.stack.peek(), 3)

    def test_pop_after_peek(self):
        self.stack.peek()
        self.assertEqual(self.stack.pop(), 3)

    def test_empty_peek(self):
        with self.assertRaises(IndexError):
            Stack().peek()


if __name__ == "__main__":
    unittest.main()
