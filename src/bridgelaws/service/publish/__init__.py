"""The publishing room: results pages, PBN and USEBIO files (``routes.py``: the pages and
the downloads; ``logic.py``: what they hold)."""
