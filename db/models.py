"""Plain row models the repositories return: no SQL, no Discord."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

CONFIDENCES = ("official", "multi-source", "single-source", "derived")


@dataclass(frozen=True, slots=True)
class Provenance:
    confidence: str
    sources: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Figure:
    """A stored value with where it comes from; `provenance` is None only for figures we computed."""

    value: float | int | str
    provenance: Provenance | None = None

    @property
    def number(self) -> float | None:
        """The value as a number, None when it is not one (a status such as "WD" kept in a figure's place)."""
        try:
            return float(self.value)
        except (TypeError, ValueError):
            return None


@dataclass(frozen=True, slots=True)
class SkaterHoldings:
    """What the store holds of one skater: entries (results in any event), podium places among them, and the
    latest season of those ("2025-26"; None without entries)."""

    entries: int
    medals: int
    latest_season: str | None


def number_of(figure: Figure | None) -> float | None:
    """A figure's value as a number: None when there is no figure or its value is not a number."""
    return None if figure is None else figure.number


@dataclass(frozen=True, slots=True)
class Competition:
    id: int
    key: str
    name: str
    short_name: str | None
    season: str
    level: str
    city: str | None
    country: str | None
    venue: str | None
    start_date: str | None
    end_date: str | None

    @property
    def label(self) -> str:
        return self.short_name or self.name


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    competition_id: int
    key: str
    name: str
    discipline: str
    # 'senior', 'junior', ... or a federation's own level as printed; None: not known (stored before levels were)
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Segment:
    id: int
    event_id: int
    key: str
    kind: str
    name: str
    discipline: str | None
    date: str | None
    position: int
    # The scoring era the segment was judged under ("2010-2018", "2018-2022", "2022-"; bot/services/eras.py),
    # None when the competition's season is not known.
    era: str | None = None


@dataclass(frozen=True, slots=True)
class Skater:
    id: int
    name: str
    country: str
    isu_id: str | None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SegmentResult:
    segment_id: int
    rank: Figure | None = None
    tss: Figure | None = None
    tes: Figure | None = None
    pcs: Figure | None = None
    deductions: Figure | None = None
    starting_number: Figure | None = None


@dataclass(slots=True)
class Entry:
    """One skater or couple in one event, with their final and per-segment results."""

    id: int
    event_id: int
    country: str
    skaters: list[Skater]
    place: Figure | None
    total: Figure | None
    status: str | None
    segments: dict[int, SegmentResult] = field(default_factory=dict)
    notes: list[Figure] = field(default_factory=list)

    @property
    def name(self) -> str:
        return " / ".join(skater.name for skater in self.skaters)


@dataclass(frozen=True, slots=True)
class TeamSegmentResult:
    segment_id: int
    skater_key: str  # sorted skater ids joined by '/', as in entries
    skater_names: str
    rank: Figure | None
    points: Figure | None
    tss: Figure | None


@dataclass(slots=True)
class TeamResult:
    id: int
    event_id: int
    country: str
    name: str
    place: Figure | None
    points: Figure | None
    segments: dict[int, TeamSegmentResult] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EntryInEvent:
    """An entry with the competition and event it belongs to: the rows of an athlete's record."""

    competition: Competition
    event: Event
    entry: Entry


@dataclass(frozen=True, slots=True)
class ProtocolElement:
    number: int
    code: str
    info: str
    base_value: float
    bonus: bool
    goe: float
    judges: tuple[str, ...]
    panel_score: float


@dataclass(frozen=True, slots=True)
class JumpElement:
    """A protocol element holding a quad or a triple Axel, with the skate it belongs to and where it comes from."""

    entry_id: int
    segment_id: int
    element: ProtocolElement
    provenance: Provenance | None


@dataclass(frozen=True, slots=True)
class ProtocolComponent:
    name: str
    factor: float
    judges: tuple[str, ...]
    score: float


@dataclass(frozen=True, slots=True)
class UnanimousMark:
    """A protocol element or component every judge of the panel gave the same mark, with the skate it belongs to
    and where it comes from: what the notable facts read "top marks from every judge" from."""

    entry_id: int
    segment_id: int
    mark: ProtocolElement | ProtocolComponent
    provenance: Provenance | None


@dataclass(frozen=True, slots=True)
class Protocol:
    """A stored protocol: the elements, components and deductions of one entry in one segment."""

    elements: list[ProtocolElement]
    components: list[ProtocolComponent]
    deductions: list[tuple[str, float]]
    judges: list[str]


@dataclass(frozen=True, slots=True)
class StoreSummary:
    competitions: int
    events: int
    skaters: int
    entries: int
    last_import_at: str | None
    last_import_source: str | None
    source_sites: tuple[tuple[str, int], ...] = ()  # (site, figures resting on it), most cited first


# --- stories ----------------------------------------------------------------------------------------------
class Label(StrEnum):
    """A story's verdict, as moderators set it (stored as its value)."""

    UNVERIFIED = "unverified"
    VERIFIED = "verified"
    DISPUTED = "disputed"
    MISLEADING = "misleading"
    FALSE = "false"
    SATIRE = "satire"


LABELS: tuple[Label, ...] = tuple(Label)  # in the order they are offered


class FlagOutcome(StrEnum):
    """What filing a member's report of a story came to."""

    ADDED = "added"
    DUPLICATE = "duplicate"  # the member already reported this story
    RATE_LIMITED = "rate limited"  # too many reports by the member in this server lately


SOURCE_KINDS = ("primary", "secondary", "social")
# evidence: says whether the story is true; appearance: a place where the story circulates.
SOURCE_ROLES = ("evidence", "appearance")
TIERS = ("official", "wire", "major", "specialist", "reference", "low")


@dataclass(frozen=True, slots=True)
class Source:
    id: int
    story_id: int
    url: str
    publisher: str
    kind: str
    note: str
    added_by: int
    added_at: str
    role: str = "evidence"


@dataclass(frozen=True, slots=True)
class Story:
    id: int
    guild_id: int | None  # None: the shared library
    title: str
    summary: str
    body: str
    moment_date: str | None
    competition_id: int | None
    event_id: int | None
    label: str
    label_note: str
    labelled_at: str | None
    created_by: int
    created_at: str
    updated_at: str
    import_key: str | None = None
    skater_ids: tuple[int, ...] = ()
    sources: tuple[Source, ...] = ()
    open_flags: int = 0
    check_summary: str | None = None  # the latest claim check, e.g. "3 consistent · 1 contradicted"
    check_contradicted: int = 0
    fact_key: str | None = None  # set on a story generated from the results (bot/services/fact_stories.py)
    fact_digest: str | None = None  # what the fact says now; None once the results no longer show it
    fact_words: str | None = None  # its title and summary as catalogue messages (JSON), until someone edits them
    language: str | None = None  # the language it is written in (a BCP 47 tag), when said

    @property
    def from_results(self) -> bool:
        """Generated from the results store, not written by someone."""
        return self.fact_key is not None


@dataclass(frozen=True, slots=True)
class FactStory:
    """A story generated from one notable fact of the results, as it is written to the store."""

    key: str  # the fact's key (bot/services/facts/)
    digest: str  # of everything below: a corrected result changes it
    words: str  # the title and summary as stored catalogue messages (JSON)
    title: str
    summary: str
    body: str
    moment_date: str | None
    competition_id: int
    event_id: int
    skater_ids: tuple[int, ...]
    sources: tuple[tuple[str, str], ...]  # (url, publisher)


@dataclass(frozen=True, slots=True)
class StoredFact:
    """What the store holds of a generated story: enough to tell whether its fact is new, changed or gone."""

    story_id: int
    digest: str | None  # None: removed because the results no longer show it
    deleted: bool  # deleted with a digest: an owner deleted it, and generating again must not bring it back
    words: str | None  # None: someone edited its text, which a newer wording of the same figures leaves alone
    title: str
    summary: str


@dataclass(frozen=True, slots=True)
class Flag:
    id: int
    story_id: int
    guild_id: int
    user_id: int
    reason: str
    created_at: str


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: int
    story_id: int | None
    guild_id: int | None
    actor_id: int
    action: str
    at: str
    before: dict[str, object] | None
    after: dict[str, object] | None


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """An audit entry about to be written, in the same transaction as the change it describes."""

    actor_id: int
    guild_id: int | None
    action: str
    at: str
    before: dict[str, object] | None = None
    after: dict[str, object] | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    mod_role_id: int | None = None
    modlog_channel_id: int | None = None
    locale: str | None = None  # the language of the bot's posts to the server's channels; None: Discord's
    podium_card: bool = False  # the live post of a final result carries the podium as an image (/config podium-card)


@dataclass(frozen=True, slots=True)
class QueueItem:
    story: Story
    open_flags: int
    oldest_flag_at: str | None


# --- moment of the day ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MomentSchedule:
    guild_id: int
    channel_id: int
    post_time: str  # "HH:MM", local
    timezone: str  # IANA name
    paused: bool
    allowed_labels: frozenset[str]
    repeat_days: int
    failing_since: str | None
    failing_reason: str | None
    stock_warned_on: str | None = None  # local date of the last low-stock warning
    updated_at: str = ""  # when a moderator last set or changed it
    results_moments: bool = True  # stories "from the results" no moderator labelled may be posted


class PostState(StrEnum):
    """Where a server's post of one local date stands (moment_posts.state)."""

    CLAIMED = "claimed"  # being sent, or waiting for a retry
    POSTED = "posted"
    FAILED = "failed"
    MISSED = "missed"  # the bot was down at post time and past the grace window


class Trigger(StrEnum):
    """What started a post attempt (moment_posts.trigger)."""

    SCHEDULE = "schedule"
    MANUAL = "manual"  # a moderator's post-now
    CATCH_UP = "catch-up"  # the bot back inside the grace window after being down at post time


@dataclass(frozen=True, slots=True)
class MomentPost:
    guild_id: int
    local_date: str
    state: PostState
    story_id: int | None
    channel_id: int | None
    message_id: int | None
    trigger: str
    reason: str | None
    claimed_at: str
    done_at: str | None
    label_shown: str | None
    attempts: int = 1
    retry_at: str | None = None  # while a post Discord refused for a passing reason waits to be tried again
    fact_shown: str | None = None  # the digest of the fact the post showed (a story from the results)


@dataclass(frozen=True, slots=True)
class MomentCandidate:
    story_id: int
    label: str
    moment_date: str | None
    last_posted: str | None
    created_at: str
    from_results: bool = False
    skater_ids: frozenset[int] = frozenset()


# --- competition week, live -------------------------------------------------------------------------------------
class WatchState(StrEnum):
    """Where the watch of a results site stands (live_watches.state)."""

    WATCHING = "watching"
    ENDED = "ended"  # the competition is over: every final seen, the last segment long past
    STOPPED = "stopped"  # an owner stopped it


class LivePostState(StrEnum):
    """A channel's post of one live item (live_posts.state)."""

    DUE = "due"  # waiting for the subscription's delay
    CLAIMED = "claimed"  # being sent; after a restart the channel is looked at before sending again
    POSTED = "posted"
    FAILED = "failed"


class DirectState(StrEnum):
    """A member's direct message about a followed skater's score (live_messages.state)."""

    DUE = "due"
    CLAIMED = "claimed"
    SENT = "sent"
    CLOSED = "closed"  # the member takes no direct messages from the bot: recorded, never retried
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class Watch:
    id: int
    url: str
    name: str | None
    competition_key: str | None
    timezone: str | None
    schedule: tuple[dict[str, Any], ...]  # [{category, segment, discipline, level, starts_at, order, result}]
    state: WatchState
    added_by: int
    added_at: str
    polled_at: str | None
    next_poll_at: str
    failures: int
    last_error: str | None

    @property
    def label(self) -> str:
        return self.name or self.url


@dataclass(frozen=True, slots=True)
class LiveItemRow:
    watch_id: int
    item_key: str
    kind: str
    discipline: str
    level: str
    version: int
    digest: str
    content: dict[str, Any]
    first_content: dict[str, Any]
    seen_at: str
    changed_at: str


@dataclass(frozen=True, slots=True)
class Subscription:
    id: int
    guild_id: int
    channel_id: int
    watch_id: int | None  # None: every watched competition
    disciplines: frozenset[str]
    levels: frozenset[str]
    delay_minutes: int
    role_id: int | None
    created_by: int
    created_at: str

    def wants(self, watch_id: int, discipline: str, level: str) -> bool:
        return (
            (self.watch_id is None or self.watch_id == watch_id)
            and (not self.disciplines or discipline in self.disciplines)
            and (not self.levels or level in self.levels)
        )


@dataclass(frozen=True, slots=True)
class LivePost:
    channel_id: int
    watch_id: int
    item_key: str
    guild_id: int
    role_id: int | None
    state: LivePostState
    due_at: str
    position: int
    version: int
    message_id: int | None
    reason: str | None
    done_at: str | None
    claimed_at: str | None = None


class OutboxState(StrEnum):
    """Where a post of the outbox stands (outbox.state)."""

    DUE = "due"  # queued: to be claimed at `due_at` (again, after a passing failure)
    CLAIMED = "claimed"  # being sent, or waiting for another attempt
    SENT = "sent"
    FAILED = "failed"  # refused for good (with the reason)
    RETRACTED = "retracted"  # sent, then deleted


@dataclass(frozen=True, slots=True)
class OutboxPost:
    """One post of the outbox: whose (`kind`) and which (`key`), where it went and how it stands."""

    kind: str
    key: str
    guild_id: int | None
    channel_id: int | None
    user_id: int | None
    state: OutboxState
    version: int
    message_id: int | None
    attempts: int
    reason: str | None
    claimed_at: str
    claimant: str | None
    done_at: str | None
    due_at: str | None = None  # a due post: not sent before then
