"""The gateway websocket: HELLO, heartbeats, IDENTIFY and READY with GUILD_CREATE per guild of the shard,
RESUME with a replay of missed events, member chunks, and one ordered event queue per session.

Shards as Discord has them: the stand-in asks for `state.shard_count` shards (GET /gateway/bot), takes each one
IDENTIFY of its own (`shard: [id, count]`, from one process or several), and sends a server's events only to the
shard that owns it, `(guild_id >> 22) % count`; direct-message events go to shard 0. An IDENTIFY Discord would
refuse closes the socket with Discord's code: a shard out of range (4010), fewer shards than asked for (4011)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from bot.sandbox.state import Guild, State

# Discord's gateway close codes for a refused IDENTIFY.
INVALID_SHARD = 4010
SHARDING_REQUIRED = 4011


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a server's events, by Discord's rule."""
    return (guild_id >> 22) % shard_count


@dataclass
class Session:
    session_id: str
    shard: tuple[int, int]
    intents: int
    seq: int = 0
    ws: web.WebSocketResponse | None = None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    # Recent dispatches, replayed on RESUME.
    backlog: list[dict[str, Any]] = field(default_factory=list)


class Gateway:
    """Sessions keyed by id, so a client that lost its socket can RESUME and get what it missed; events go to
    the sessions of the guild's shard, through one writer per socket to keep their order."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._sessions: dict[str, Session] = {}
        self._sockets: set[web.WebSocketResponse] = set()

    async def close(self) -> None:
        # Websockets first: aiohttp's cleanup would otherwise wait on them for its shutdown timeout.
        for session in self._sessions.values():
            session.queue.put_nowait(None)
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"server shutting down")

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before maintenance: the client resumes on a new socket."""
        for session in list(self._sessions.values()):
            ws = session.ws
            if ws is not None and not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))

    async def handler(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        writer: asyncio.Task[None] | None = None
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    if frame.type == WSMsgType.BINARY:
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                    continue
                try:
                    msg = json.loads(frame.data)
                    op = msg["op"]
                except (ValueError, KeyError, TypeError):
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                data = msg.get("d")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2 and session is None:
                    session = await self._identify(ws, data)
                    if session is not None:
                        writer = asyncio.create_task(self._writer(session, ws))
                elif op == 6 and session is None:
                    session = await self._resume(ws, data)
                    if session is not None:
                        writer = asyncio.create_task(self._writer(session, ws))
                elif op == 8 and session is not None:
                    self._member_chunk(session, data or {})
                elif op in (3, 4):
                    pass  # presence / voice updates: accepted, nothing to emulate
                elif op in (2, 6):
                    await ws.close(code=4005, message=b"Already authenticated.")
                    break
                else:
                    await ws.close(code=4001, message=b"Unknown opcode.")
                    break
        finally:
            self._sockets.discard(ws)
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await writer
            if session is not None and session.ws is ws:
                session.ws = None
                if ws.close_code == 1000:
                    # A clean client close ends the session on Discord: it cannot be resumed.
                    self._sessions.pop(session.session_id, None)
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: Any) -> Session | None:
        if not isinstance(data, dict) or data.get("token") not in (self.state.bot_token, f"Bot {self.state.bot_token}"):
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        raw_shard = data.get("shard")
        shard = await self._shard(ws, [0, 1] if raw_shard is None else raw_shard)
        if shard is None:
            return None
        # A session of the same shard that lost its socket is not resumed any more: the new one replaces it.
        for stale in [s for s in self._sessions.values() if s.shard == shard]:
            self._sessions.pop(stale.session_id, None)
        session = Session(secrets.token_hex(16), shard, int(data.get("intents", 0)), ws=ws)
        self._sessions[session.session_id] = session
        mine = [g for g in self.state.guilds.values() if g.has_bot and shard_of(g.id, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": self.state.me_json(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.state.gateway_url,
            "shard": list(shard),
            "application": {"id": str(self.state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }
        self.enqueue(session, "READY", ready)
        for guild in mine:
            self.enqueue(session, "GUILD_CREATE", self.state.guild_json(guild))
        return session

    async def _shard(self, ws: web.WebSocketResponse, raw: Any) -> tuple[int, int] | None:
        """The IDENTIFY's `[shard id, shard count]` checked as Discord checks it; None when the socket was closed
        for it: malformed or out of range (4010), fewer shards than the bot is asked to run (4011), or a shard
        another live connection already identified as (4010: Discord would send each server's events to two
        processes, which is exactly the double this stand-in exists to catch)."""
        valid = (
            isinstance(raw, list)
            and len(raw) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in raw)
            and raw[1] >= 1
            and 0 <= raw[0] < raw[1]
        )
        if not valid:
            await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        shard = (raw[0], raw[1])
        if shard[1] < self.state.shard_count:
            await ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        if any(s.shard == shard and s.ws is not None and not s.ws.closed for s in self._sessions.values()):
            await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        return shard

    def shards(self) -> list[tuple[int, int]]:
        """The shards connected now, as (id, count)."""
        return sorted(s.shard for s in self._sessions.values() if s.ws is not None and not s.ws.closed)

    async def _resume(self, ws: web.WebSocketResponse, data: Any) -> Session | None:
        session = self._sessions.get((data or {}).get("session_id", "")) if isinstance(data, dict) else None
        if session is None or (data or {}).get("token") not in (self.state.bot_token, f"Bot {self.state.bot_token}"):
            # d=false: discord.py drops the session and re-IDENTIFIES on a fresh socket.
            await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
            return None
        if session.ws is not None and session.ws is not ws:
            with contextlib.suppress(Exception):
                await session.ws.close(code=4000, message=b"Session resumed elsewhere.")
        session.ws = ws
        seq = int(data.get("seq") or 0)
        session.queue = asyncio.Queue()
        for event in session.backlog:
            if event["s"] > seq:
                session.queue.put_nowait(event)
        self.enqueue(session, "RESUMED", {})
        return session

    def _member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.to_json() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self.enqueue(session, "GUILD_MEMBERS_CHUNK", chunk)

    def enqueue(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.backlog.append(frame)
        if len(session.backlog) > 1000:
            del session.backlog[:500]
        # While disconnected, events only go to the backlog; RESUME replays them in order.
        if session.ws is not None:
            session.queue.put_nowait(frame)

    async def _writer(self, session: Session, ws: web.WebSocketResponse) -> None:
        """One writer per socket keeps dispatch order (mutations before the interaction that follows)."""
        queue = session.queue
        while True:
            frame = await queue.get()
            if frame is None or ws.closed:
                return
            if frame["t"] == "INTERACTION_CREATE":
                result = self.state.interactions.get(int(frame["d"]["id"]))
                if result is not None:
                    result.stamp_dispatch()
            try:
                await ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    def _shard_sessions(self, guild_id: int) -> list[Session]:
        """Sessions that should see this guild's events, including ones waiting to RESUME."""
        return [s for s in self._sessions.values() if shard_of(guild_id, s.shard[1]) == s.shard[0]]

    def live_sessions(self, guild_id: int | None) -> list[Session]:
        """The connected sessions an interaction from this server goes to (None: a DM or group DM, shard 0's)."""
        if guild_id is None:
            return [s for s in self._sessions.values() if s.ws is not None and not s.ws.closed and s.shard[0] == 0]
        return [
            s
            for s in self._sessions.values()
            if s.ws is not None and not s.ws.closed and shard_of(guild_id, s.shard[1]) == s.shard[0]
        ]

    def dispatch_guild(self, guild: Guild, event: str, data: dict[str, Any], *, intent: int | None = None) -> None:
        if not guild.has_bot:
            return  # a server that never added the bot sends it nothing
        for session in self._shard_sessions(guild.id):
            if intent is None or session.intents & intent:
                self.enqueue(session, event, data)

    def dispatch_direct(self, event: str, data: dict[str, Any], *, intent: int | None = None) -> None:
        """A direct-message event: Discord sends those to shard 0 only."""
        for session in self._sessions.values():
            if session.shard[0] == 0 and (intent is None or session.intents & intent):
                self.enqueue(session, event, data)

    # ---------------------------------------------------------------- interactions: sending
