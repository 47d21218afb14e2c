"""The app's Jinja environment: ``a.b`` on a plain dict reads its item first, with Jinja's meaning."""

from __future__ import annotations

import jinja2

from companion.web.templating import DictItemsFirst


def test_the_app_renders_with_it(app):
    assert isinstance(app.jinja_env, DictItemsFirst)


def test_a_dicts_item_its_methods_and_a_missing_name_read_as_jinja_reads_them(app):
    """Jinja's own reading (attribute first) and ours agree: an item, a dict method even where an
    item has its name, a missing name undefined; other objects' attributes as before."""
    person = {"colour": "red", "items": "not the method", "virtue": 0}
    template = ("{{ p.colour }}|{{ p.virtue }}|{{ p.items is callable }}|{{ p.nothing is defined }}|"
                "{{ p.get('colour') }}|{{ ns.value }}|{{ word.upper() }}")
    jinja = jinja2.Environment()
    with app.app_context():
        ours = app.jinja_env.from_string(template).render(p=person, ns=jinja2.utils.Namespace(value=3), word="a")
    assert ours == jinja.from_string(template).render(p=person, ns=jinja2.utils.Namespace(value=3), word="a")
    assert ours == "red|0|True|False|red|3|A"


def test_a_dict_subclass_keeps_jinjas_order(app):
    class Described(dict):
        colour = "from the class"

    with app.app_context():
        assert app.jinja_env.from_string("{{ p.colour }}").render(p=Described(colour="item")) == "from the class"
