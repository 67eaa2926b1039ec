from fizzbuzz import fizzbuzz


def test_first_fifteen():
    expected = "1 2 Fizz 4 Buzz Fizz 7 8 Fizz Buzz 11 Fizz 13 14 FizzBuzz".split()
    assert [fizzbuzz(i) for i in range(1, 16)] == expected


def test_forty_five():
    assert fizzbuzz(45) == "FizzBuzz"
