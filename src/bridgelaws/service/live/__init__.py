"""The live tables room: seats, the hub, the Director's side (``routes.py``: the pages,
the API and the WebSocket; ``logic.py``: the tables' state and the hub).  The players'
script and style (``play.js``, ``play.css``) stay in ``service/static``, served at ``/static``."""
