"""One interaction as the stand-in tracks it: the kinds of interaction and of answer (Discord's numbering), and
`InteractionResult`, what the bot answered and when, which tests and the console wait on."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from bot.sandbox import contexts, cpu_waits
from bot.sandbox.contexts import PrivateChannel
from bot.sandbox.model import Channel, Guild, Message, User, new_snowflake

# Seconds a test waits for an answer before calling the bot hung: long enough for any machine, however busy, and
# under pytest's own timeout for a test.
HANG = 60.0

# Interaction callback types (Discord's numbering).
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

# Interaction types.
IT_APPLICATION_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5


class InteractionResult:
    """The fake's view of one interaction: what the bot answered, and when."""

    def __init__(
        self,
        *,
        type: int,
        guild: Guild | None,
        channel: Channel | PrivateChannel,
        user: User,
        source_message: Message | None = None,
        owners: dict[str, str] | None = None,
    ) -> None:
        """`guild` None: a DM or group DM (`channel`). `owners`: the installs that authorize it, as Discord's
        `authorizing_integration_owners` ("0": the server's install, "1": the user's)."""
        self.id = new_snowflake()
        self.token = "itok_" + secrets.token_urlsafe(24)
        self.type = type
        self.guild = guild
        self.channel = channel
        self.user = user
        self.source_message = source_message
        self.context = contexts.context_of(guild, channel)
        self.owners = owners if owners is not None else {"0": str(guild.id) if guild is not None else "0"}
        # Discord shows every reply to the asker only (a server that did not add the app, without Use External
        # Apps): what the bot asked for is kept apart from what Discord showed.
        self.forced_ephemeral = contexts.replies_forced_ephemeral(guild, channel, user)
        self.asked_ephemeral: bool | None = None
        self.payload: dict[str, Any] = {}
        self.dispatched_at: float | None = None
        self._cpu_waits_at_dispatch: cpu_waits.Snapshot = {}
        self.response_type: int | None = None
        # Seconds from the dispatch to the callback, less the time the process waited for a CPU (cpu_waits.py).
        self.acked_after: float | None = None
        self.shown_at: float | None = None  # time.monotonic() of the callback (a modal appears then)
        self.message: Message | None = None
        self.followups: list[Message] = []
        self.ephemeral = False
        self.modal: dict[str, Any] | None = None
        self.choices: list[dict[str, Any]] | None = None
        # The message "@original" refers to: the response message, or the clicked message for 6/7.
        self.original: Message | None = None
        self._acked = asyncio.Event()
        self._expired = asyncio.Event()  # the deadline passed unanswered: Discord has forgotten it
        self._message_ready = asyncio.Event()

    @property
    def acknowledged(self) -> bool:
        return self._acked.is_set()

    def acknowledge(self) -> None:
        """The bot's callback is taken: whoever waits for the answer is told."""
        self._acked.set()

    def expire(self) -> None:
        """Discord's deadline passed unanswered (or no deadline runs any more): whoever waits for it is told."""
        self._expired.set()

    @property
    def message_shown(self) -> bool:
        """The answer's message is visible (at once, or once a deferral was followed up)."""
        return self._message_ready.is_set()

    def show_message(self) -> None:
        self._message_ready.set()

    def stamp_dispatch(self) -> None:
        """The interaction leaves for the bot now: its deadline runs from here."""
        self.dispatched_at = time.monotonic()
        self._cpu_waits_at_dispatch = cpu_waits.snapshot()

    def elapsed(self, now: float | None = None) -> float:
        """Seconds since the dispatch as a free machine would have taken them: the wall clock less the time this
        process waited for a CPU (a busy machine is not a slow bot)."""
        wall = (time.monotonic() if now is None else now) - (self.dispatched_at or time.monotonic())
        return max(0.0, wall - cpu_waits.waited_since(self._cpu_waits_at_dispatch))

    # `timeout` is the agreed public API (tests call result.wait(timeout=...)). The defaults only catch a bot that
    # hangs: Discord's deadline is kept by the server (_check_ack), and a busy machine can take the wall clock far
    # past it while the bot is still in time.
    async def wait(self, timeout: float = HANG) -> InteractionResult:  # noqa: ASYNC109
        """Wait for the initial callback; TimeoutError if the bot never answered."""
        await asyncio.wait_for(self._acked.wait(), timeout)
        return self

    async def answered_in_time(self) -> bool:
        """Waits until the bot answers or Discord's deadline passes (as the server measures it: a busy machine's
        wait for a CPU is not counted); whether it answered in time."""
        answered = asyncio.ensure_future(self._acked.wait())
        expired = asyncio.ensure_future(self._expired.wait())
        try:
            await asyncio.wait({answered, expired}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            answered.cancel()
            expired.cancel()
        return self.acknowledged

    async def wait_message(self, timeout: float = HANG) -> Message:  # noqa: ASYNC109
        """Wait until the response produced a visible message (immediately, or after a deferral)."""
        await asyncio.wait_for(self._message_ready.wait(), timeout)
        assert self.message is not None
        return self.message

    def __repr__(self) -> str:
        return f"<InteractionResult id={self.id} type={self.type} response_type={self.response_type}>"
