"""The console room: events, entries, result entry, standings, adjusted scores
(``routes.py``: the pages and the API; ``logic.py``: what they do)."""
