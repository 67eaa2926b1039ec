def restock(inventory, item, count):
    """Adds `count` units of `item`; returns the new level."""
    inventory[item] = inventory.get(item, 0) + count
    return inventory[item]


def ship(inventory, item, count):
    if inventory.get(item, 0) < count:
        raise ValueError(f"only {inventory.get(item, 0)} {item} left")
    inventory[item] -= count
    return inventory[item]
