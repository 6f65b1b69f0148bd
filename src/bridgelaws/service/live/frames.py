"""The WebSocket connections of ``bridgelaws serve``: uvicorn's own protocol (the
``websockets`` library, sans-I/O), whose frames are written to the socket once per turn
of the event loop instead of once per message.

An act makes several messages for the seat that made it (its acknowledgment, then its
new view, from two tasks one turn apart); each went to the socket in its own ``send``
system call, and on loopback or a LAN a call costs more than the frame it carries (it
was about a fifth of the service's CPU with 200 live tables).  The frames, their order
and their contents are unchanged: only the writes of one turn are joined.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class _Joined:
    """A transport whose ``write`` gathers the data of one turn of the loop and writes it
    at the next (before a ``close``: nothing written is lost); the rest is the socket's
    transport."""

    __slots__ = ("_transport", "_loop", "_pending")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] | None = None

    def write(self, data: bytes) -> None:
        if not data:
            return
        if self._pending is None:
            self._pending = [data]
            self._loop.call_soon(self._flush)
        else:
            self._pending.append(data)

    def _flush(self) -> None:
        pending, self._pending = self._pending, None
        if pending and not self._transport.is_closing():
            self._transport.write(pending[0] if len(pending) == 1 else b"".join(pending))

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def abort(self) -> None:
        self._pending = None
        self._transport.abort()

    def __getattr__(self, name):
        return getattr(self._transport, name)


class JoinedWritesProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol writing through :class:`_Joined` (``ws=`` of
    ``uvicorn.run``)."""

    def connection_made(self, transport) -> None:
        super().connection_made(_Joined(transport, self.loop))
