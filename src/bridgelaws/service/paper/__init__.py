"""The paper room: hand records, results, score cards and table cards of an event as PDF
files to print (``routes.py``: the downloads; ``logic.py``: what goes on them)."""
