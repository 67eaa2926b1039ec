import pytest

from warehouse import restock, ship


def test_restock_adds(inventory):
    assert restock(inventory, "bolts", 5) == 15


def test_restock_new_item(inventory):
    assert restock(inventory, "washers", 3) == 3


def test_ship(inventory):
    assert ship(inventory, "nuts", 4) == 0


def test_ship_too_many(inventory):
    with pytest.raises(ValueError):
        ship(inventory, "nuts", 5)
