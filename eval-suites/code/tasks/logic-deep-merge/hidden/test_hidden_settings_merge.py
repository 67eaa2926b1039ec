from settings_merge import merge


def test_inputs_untouched():
    defaults = {"a": {"b": 1}}
    override = {"a": {"c": 2}}
    assert merge(defaults, override) == {"a": {"b": 1, "c": 2}}
    assert defaults == {"a": {"b": 1}}
    assert override == {"a": {"c": 2}}


def test_three_levels():
    assert merge({"x": {"y": {"z": 1, "w": 2}}}, {"x": {"y": {"z": 3}}}) == {"x": {"y": {"z": 3, "w": 2}}}


def test_scalar_replaces_dict():
    assert merge({"a": {"b": 1}}, {"a": 5}) == {"a": 5}
