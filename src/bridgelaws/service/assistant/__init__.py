"""The ruling assistant room: the booklet's groups of irregularities and the Director's
judgement rulings (``routes.py``: the pages and the API; ``booklet.py``: the groups, their
scenarios and the facts each asks for)."""
