"""The rulings log room: every ruling recorded, appeals, search and export (``routes.py``)."""
