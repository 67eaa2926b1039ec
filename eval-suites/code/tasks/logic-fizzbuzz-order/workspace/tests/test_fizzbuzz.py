from fizzbuzz import fizzbuzz


def test_fifteen():
    assert fizzbuzz(15) == "FizzBuzz"


def test_three_and_five():
    assert (fizzbuzz(3), fizzbuzz(5), fizzbuzz(7)) == ("Fizz", "Buzz", "7")
