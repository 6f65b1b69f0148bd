"""The WebSocket frames of one turn of the event loop go to the socket in one write
(``service/live/frames.py``), unchanged and in order; nothing is lost at a close."""

import asyncio

from bridgelaws.service.live.frames import _Joined


class Socket:
    """A transport that records its writes."""

    def __init__(self):
        self.writes: list[bytes] = []
        self.closed = False
        self.aborted = False

    def write(self, data):
        assert not self.closed
        self.writes.append(data)

    def is_closing(self):
        return self.closed

    def close(self):
        self.closed = True

    def abort(self):
        self.aborted = self.closed = True

    def get_extra_info(self, name, default=None):
        return {"peername": ("127.0.0.1", 5)}.get(name, default)


def test_the_writes_of_one_turn_are_one_write_in_order():
    async def main():
        sock = Socket()
        t = _Joined(sock, asyncio.get_running_loop())
        t.write(b"ack")
        t.write(b"")
        t.write(b"view")
        assert sock.writes == []                # not before the turn ends
        await asyncio.sleep(0)
        assert sock.writes == [b"ackview"]
        t.write(b"next")                        # a later turn: a write of its own
        await asyncio.sleep(0)
        assert sock.writes == [b"ackview", b"next"]
        assert t.get_extra_info("peername") == ("127.0.0.1", 5)   # the rest is the socket's
    asyncio.run(main())


def test_a_close_writes_what_is_pending_first_and_an_abort_drops_it():
    async def main():
        sock = Socket()
        t = _Joined(sock, asyncio.get_running_loop())
        t.write(b"last view")
        t.write(b"close frame")
        t.close()
        assert sock.writes == [b"last viewclose frame"] and sock.closed
        await asyncio.sleep(0)                  # the scheduled flush finds nothing more
        assert sock.writes == [b"last viewclose frame"]

        other = Socket()
        t = _Joined(other, asyncio.get_running_loop())
        t.write(b"lost")
        t.abort()
        await asyncio.sleep(0)
        assert other.writes == [] and other.aborted
    asyncio.run(main())
