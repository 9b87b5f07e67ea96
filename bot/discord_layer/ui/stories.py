"""Story embeds, the persistent Flag / Read more buttons, the story and report forms, confirmations."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_layer.ui.embeds import FIELD_VALUE_LIMIT, add_field, cut, lines_into_fields, new_embed, set_footer
from bot.discord_layer.ui.errors import report_error
from bot.discord_layer.ui.i18n import language_name, words_for
from bot.errors import NotFound, UserFacingError, parse_id
from bot.i18n import DEFAULT_LOCALE, Text, Words, catalogue, render, t
from bot.services.fact_stories import fact_words
from bot.services.stories import SourceView, StoryView, check_summary, kind_name, label_name, tier_name
from bot.text import shorten
from db.models import AuditEntry, Label, QueueItem, Story

if TYPE_CHECKING:  # a report comes from the claim check, imported with the first story checked
    from bot.services.claims import CheckReport

log = logging.getLogger(__name__)

# A label's emoji, the catalogue key of its name on a badge, and its colour.
LABEL_BADGES = {
    "unverified": ("❔", "label-name-unverified", discord.Colour.light_grey()),
    "verified": ("✅", "label-name-verified", discord.Colour.green()),
    "disputed": ("⚖️", "label-name-disputed", discord.Colour.gold()),
    "misleading": ("🟠", "label-name-misleading", discord.Colour.orange()),
    "false": ("❌", "label-name-false", discord.Colour.red()),
    "satire": ("🎭", "label-name-satire", discord.Colour.purple()),
}
# The label a story generated from the results carries of its own, distinct from any moderator's verdict.
RESULTS_BADGE = ("📊", "label-name-results", discord.Colour.blue())
# A form left open longer is forgotten (discord.py would keep it for ever); its late submission is answered
# by the bot's safety net (SkateBot.on_interaction) rather than left without a reply.
FORM_TIMEOUT = 3600.0
EXCERPT = 1200  # body characters shown in the story embed; the rest is one press of "Read more" away
PAGE_SIZE = 10


def badge_text(label: str) -> Text:
    """A label's badge ("✅ Verified") as a message, for a sentence that shows it."""
    emoji, name, _ = LABEL_BADGES[label]
    return t("label-badge", emoji=emoji, name=t(name))


def badge(label: str, words: Words) -> str:
    """A label's badge in `words` (the default language when not given)."""
    return words(badge_text(label))


def story_badge(story: Story, words: Words) -> str:
    """The story's label as shown: a story from the results shows "from the results", beside the verdict of a
    moderator who labelled it."""
    if not story.from_results:
        return badge(story.label, words)
    emoji, name, _ = RESULTS_BADGE
    origin = words("label-badge", emoji=emoji, name=t(name))
    return (
        origin
        if story.label == Label.UNVERIFIED
        else words("label-badge-results", badge=badge(story.label, words), origin=origin)
    )


def story_colour(story: Story) -> discord.Colour:
    if story.from_results and story.label == Label.UNVERIFIED:
        return RESULTS_BADGE[2]
    return LABEL_BADGES[story.label][2]


def story_text(story: Story, words: Words) -> tuple[str, str, str]:
    """Title, summary and body in `words`: a story from the results is read in the reader's language (until
    someone edits it); any other as written."""
    texts = fact_words(story)
    if texts is None:
        return story.title, story.summary, story.body
    title, summary, body = texts
    return words(title), words(summary), words(body)


def markdown_link(text: str, url: str) -> str:
    # A ")" in the URL would end Discord's markdown link early.
    return f"[{discord.utils.escape_markdown(text)}]({url.replace(')', '%29')})"


def source_line(view: SourceView, words: Words) -> str:
    """One source: its link whole (a cut link is a broken one), kind, reliability, role, and as much of the
    note as the field leaves room for."""
    source = view.source
    line = words(
        "source-line-circulates" if source.role == "appearance" else "source-line",
        link=markdown_link(source.publisher, source.url),
        kind=kind_name(source.kind),
        tier=tier_name(view.tier),
    )
    if source.note:
        room = FIELD_VALUE_LIMIT - len(line) - 3
        line += f" — {discord.utils.escape_markdown(shorten(source.note, max(room // 2, 1)))}"
    return line


def story_embed(view: StoryView, words: Words, *, excerpt: int = EXCERPT) -> discord.Embed:
    """The story as shown to whoever asked, in their words."""
    story = view.story
    title, summary, body = story_text(story, words)
    parts = []
    if summary:
        parts.append(f"**{summary}**")
    if body:
        if len(body) > excerpt:
            body = body[:excerpt].rsplit(" ", 1)[0] + " … " + words("story-read-more")
        parts.append(body)
    embed = new_embed(f"#{story.id} · {title}", "\n\n".join(parts), colour=story_colour(story))
    label = story_badge(story, words) + (f" — {story.label_note}" if story.label_note else "")
    embed.add_field(name=words("story-field-label"), value=cut(label, 1024), inline=False)
    if story.moment_date:
        embed.add_field(name=words("story-field-moment"), value=story.moment_date, inline=True)
    if story.language:
        embed.add_field(name=words("story-field-language"), value=language_name(story.language, words), inline=True)
    if view.competition:
        competition = view.competition + (f" · {words(view.event)}" if view.event else "")
        embed.add_field(name=words("story-field-competition"), value=competition, inline=True)
    if view.skaters:
        embed.add_field(
            name=words("story-field-skaters"), value=cut(", ".join(map(words.name, view.skaters)), 1024), inline=True
        )
    sources = [source_line(s, words) for s in view.sources] or [words("story-no-sources")]
    lines_into_fields(embed, words("story-field-sources"), sources, words=words)
    if story.check_summary:
        add_field(embed, words("story-field-claims"), check_badge(story) + words(check_summary(story)))
    where = t("story-where-library" if story.guild_id is None else "story-where-server")
    if story.open_flags:
        footer = words("story-footer-reported", id=story.id, where=where, reports=story.open_flags)
    else:
        footer = words("story-footer", id=story.id, where=where)
    return set_footer(embed, footer)


def check_badge(story: Story) -> str:
    return "⚠️ " if story.check_contradicted else ""


VERDICT_BADGES = {"consistent": "✅", "contradicted": "❌", "not checkable": "➖"}


def check_pages(story: Story, report: CheckReport, words: Words) -> list[discord.Embed]:
    """The claims of a story with their verdicts, the reading of the sentence each verdict used (competition,
    event, which figure), and the stored figures they were compared with, in the reader's `words`. Rendered
    once per page view, never in the check itself."""
    escape = discord.utils.escape_markdown
    lines = []
    for verdict in report.verdicts:
        claim = verdict.claim
        shown = {
            "badge": VERDICT_BADGES[verdict.outcome],
            "subject": escape(claim.subject),
            "claimed": escape(words(claim.claimed)),
        }
        if verdict.outcome == "contradicted" and verdict.stored:
            stored = words(verdict.stored) if isinstance(verdict.stored, Text) else verdict.stored
            line = words("check-claim-stored", **shown, stored=escape(stored))
        else:
            line = words("check-claim", **shown)
        if verdict.reading:
            line += "\n\u2003" + words("check-read-as", reading=escape(cut(words(verdict.reading), 300)))
        line += f"\n\u2003{escape(cut(words(verdict.why), 400))}"
        if verdict.source and verdict.outcome != "not checkable":
            line += " " + words("check-source", url=verdict.source.replace(")", "%29"))
        lines.append(line)
    where = " · ".join(x for x in (report.competition, report.event and words(report.event)) if x)
    title = words("check-title-where", id=story.id, where=where) if where else words("check-title", id=story.id)
    pages = _pages(title, lines or [words("check-empty")], words)
    summary = words(report.summary_text())
    for page in pages:
        set_footer(page, summary + (" · " + page.footer.text if page.footer.text else ""))
    return pages


def full_body_embed(view: StoryView) -> discord.Embed:
    return new_embed(f"#{view.story.id} · {view.story.title}", view.story.body or view.story.summary or "—")


def story_list_pages(title: str, stories: list[Story], empty: str, words: Words) -> list[discord.Embed]:
    """A list of stories under `title` (or `empty` when there is none), both already in `words`."""
    lines = [
        f"`#{s.id}` {story_badge(s, words)} **{discord.utils.escape_markdown(cut(story_text(s, words)[0], 120))}**"
        + (f" · {s.moment_date}" if s.moment_date else "")
        for s in stories
    ]
    return _pages(title, lines or [empty], words)


def queue_pages(items: list[QueueItem], words: Words) -> list[discord.Embed]:
    lines = []
    for item in items:
        story = item.story
        reason = (
            t("queue-reason-reported", count=item.open_flags, since=(item.oldest_flag_at or "")[:10])
            if item.open_flags
            else t("queue-reason-unverified")
        )
        if story.check_summary:
            reason = t("queue-reason-claims", reason=reason, check=check_badge(story) + words(check_summary(story)))
        lines.append(
            words(
                "queue-line-library" if story.guild_id is None else "queue-line",
                id=story.id,
                title=discord.utils.escape_markdown(cut(story.title, 100)),
                reason=reason,
                added=story.created_at[:10],
            )
        )
    return _pages(words("queue-title"), lines or [words("queue-empty")], words)


def history_pages(story: Story, entries: list[AuditEntry], words: Words) -> list[discord.Embed]:
    lines = []
    for entry in entries:
        actor = words("history-actor-cli") if entry.actor_id == 0 else f"<@{entry.actor_id}>"
        change = _describe_change(entry.before, entry.after, words)
        line = words("history-line", at=entry.at[:16].replace("T", " "), actor=actor, action=_action(entry.action))
        lines.append(line + (f"\n{change}" if change else ""))
    return _pages(words("history-title", id=story.id), lines or [words("history-empty")], words)


def _known(key: str) -> bool:
    return catalogue().has(key, DEFAULT_LOCALE)


def _action(action: str) -> Text | str:
    """A stored action ("source added") as the catalogue words it; one it does not know is shown as stored."""
    key = "history-action-" + action.replace(" ", "-")
    return t(key) if _known(key) else action


def _field(name: str) -> Text | str:
    key = "history-field-" + name.replace("_", "-").replace(" ", "-")
    return t(key) if _known(key) else discord.utils.escape_markdown(name)


def _describe_change(before: dict[str, Any] | None, after: dict[str, Any] | None, words: Words) -> str:
    """What one audit entry changed, field by field, in `words`."""
    keys = list(dict.fromkeys([*(before or {}), *(after or {})]))
    parts = []
    for key in keys:
        old = (before or {}).get(key)
        new = (after or {}).get(key)
        field = _field(key)
        if before is None:
            parts.append(words("history-change-added", field=field, value=_short(key, new, words)))
        elif after is None:
            parts.append(words("history-change-removed", field=field, value=_short(key, old, words)))
        else:
            parts.append(words("history-change", field=field, old=_short(key, old, words), new=_short(key, new, words)))
    return cut(" · ".join(parts), 900)


def _short(key: str, value: Any, words: Words) -> str:
    """A stored value as shown: a label as its word, anything else as stored (cut, escaped)."""
    if key == "label" and isinstance(value, str) and value in LABEL_BADGES:
        return words(label_name(value))
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return discord.utils.escape_markdown(cut(text, 80)) if text else "—"


def _pages(title: str, lines: list[str], words: Words) -> list[discord.Embed]:
    pages = []
    chunks = [lines[i : i + PAGE_SIZE] for i in range(0, len(lines), PAGE_SIZE)]
    for number, chunk in enumerate(chunks, start=1):
        embed = new_embed(title, "\n".join(chunk))
        if len(chunks) > 1:
            set_footer(embed, words("story-page", number=number, count=len(chunks)))
        pages.append(embed)
    return pages


# --- persistent buttons on every story message -------------------------------------------------------------
STORY_BUTTON_EVENT = "story_button"  # listeners: on_story_button(interaction, action, story_id)


class _StoryButton:
    """A button that carries its story id in its custom_id ("story:<action>:<id>"), so it keeps working after
    a restart. What a press does is not the display's business: the button announces it as the client event
    STORY_BUTTON_EVENT, and whoever handles story actions (the stories cog) listens and answers, errors
    included. A press's id is the client's to send: it is read (`parse_id`) before anything is announced, and one
    no story could have is answered as a story the store lacks."""

    action = ""
    key = ""  # the catalogue key of its label
    emoji = ""

    def __init__(self, story_id: int | str, words: Words | None = None) -> None:
        """`words`: the language of whoever sees the message (a server's, for a post); default otherwise.
        `story_id`: the id, or a press's text of it (checked when pressed)."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(words or render)(self.key),
            emoji=self.emoji,
            style=discord.ButtonStyle.secondary,
            custom_id=f"story:{self.action}:{story_id}",
        )
        super().__init__(button)  # type: ignore[call-arg]  # DynamicItem, next in the concrete classes' MRO
        self.story_id = story_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> _StoryButton:
        # Never raises: discord.py drops a press whose item cannot be made without a word to the user.
        return cls(match["id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            story_id = parse_id(str(self.story_id), t("story-noun"))
        except NotFound as error:
            await report_error(interaction, error)
            return
        interaction.client.dispatch(STORY_BUTTON_EVENT, interaction, self.action, story_id)


# from_custom_id comes from the mixin, returning the concrete class: mypy cannot see that through the mixin.
# The persistent buttons are labelled in the language of the message they are on (the asker's for a reply, the
# server's for a post); a press after a restart is matched by its custom id, whatever the label.
class FlagButton(  # type: ignore[misc]
    _StoryButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"story:flag:(?P<id>[0-9]+)"
):
    action, key, emoji = "flag", "story-button-flag", "🚩"


class ReadMoreButton(  # type: ignore[misc]
    _StoryButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"story:read:(?P<id>[0-9]+)"
):
    action, key, emoji = "read", "story-button-read-more", "📖"


def story_buttons(
    story: Story, *, excerpt: int = EXCERPT, words: Words | None = None, flag: bool = True
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if len(story.body) > excerpt:
        view.add_item(ReadMoreButton(story.id, words))
    if flag:
        view.add_item(FlagButton(story.id, words))
    return view


STORY_ID_IN_BUTTON = re.compile(r"^story:(?:flag|read):([0-9]+)$")


def story_id_of(message: discord.Message) -> int | None:
    """The story a message shows, found from its buttons (for the "Report story" context menu)."""
    for row in message.components:
        for component in getattr(row, "children", [row]):
            match = STORY_ID_IN_BUTTON.match(getattr(component, "custom_id", None) or "")
            if match:
                return parse_id(match.group(1), t("story-noun"))
    return None


# --- forms ---------------------------------------------------------------------------------------------------
class FlagModal(discord.ui.Modal):
    """A member's report of a story, in the words of the member who opens it."""

    def __init__(
        self,
        story_id: int,
        submit: Callable[[discord.Interaction, int, str], Awaitable[None]],
        words: Words,
    ) -> None:
        super().__init__(title=cut(words("flag-form-title", id=story_id), 45), timeout=FORM_TIMEOUT)
        self.story_id = story_id
        self._submit = submit
        self.reason: discord.ui.TextInput[FlagModal] = discord.ui.TextInput(
            label=cut(words("flag-form-reason"), 45),
            style=discord.TextStyle.paragraph,
            max_length=1000,
            placeholder=cut(words("flag-form-reason-placeholder"), 100),
            custom_id="reason",
        )
        self.add_item(self.reason)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self._submit(interaction, self.story_id, self.reason.value)

    # discord.py's Modal.on_error itself drops BaseView's `item` argument: mirror it.
    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:  # type: ignore[override]
        await report_error(interaction, error)


class StoryModal(discord.ui.Modal):
    """Title, summary, body, moment date and skaters; prefilled when editing. A submission the rules refuse
    (a bad date, an unknown skater) is not lost: the reply offers the form again with what was typed."""

    def __init__(
        self,
        heading: str,
        submit: Callable[[discord.Interaction, dict[str, str]], Awaitable[None]],
        *,
        words: Words,
        story: Story | None = None,
        skaters: str = "",
        typed: dict[str, str] | None = None,
    ) -> None:
        """`heading` and the fields' labels are in `words`: the language of the moderator who opens the form."""
        super().__init__(title=cut(heading, 45), timeout=FORM_TIMEOUT)
        self._heading = heading
        self._submit = submit
        self._words = words
        prefill = typed or (
            {
                "title": story.title,
                "summary": story.summary,
                "body": story.body,
                "moment_date": story.moment_date or "",
                "skaters": skaters,
            }
            if story
            else {"skaters": skaters}
        )

        def field(
            custom_id: str,
            label: str,
            max_length: int,
            *,
            paragraph: bool = False,
            required: bool = False,
            placeholder: str | None = None,
        ) -> discord.ui.TextInput[StoryModal]:
            item: discord.ui.TextInput[StoryModal] = discord.ui.TextInput(
                label=cut(words(label), 45),
                custom_id=custom_id,
                max_length=max_length,
                required=required,
                style=discord.TextStyle.paragraph if paragraph else discord.TextStyle.short,
                default=prefill.get(custom_id) or None,
                placeholder=placeholder,
            )
            self.add_item(item)
            return item

        self.fields = [
            field("title", "story-form-title", 200, required=True),
            field("summary", "story-form-summary", 500, paragraph=True),
            field("body", "story-form-body", 4000, paragraph=True),
            field("moment_date", "story-form-moment-date", 10, placeholder="2026-02-19"),
            field("skaters", "story-form-skaters", 300),
        ]

    async def on_submit(self, interaction: discord.Interaction) -> None:
        typed = {str(item.custom_id): item.value for item in self.fields}
        try:
            await self._submit(interaction, typed)
        except UserFacingError as error:
            words = words_for(interaction)
            again = StoryModal(self._heading, self._submit, words=self._words, typed=typed)
            retry = _Retry(interaction.user.id, again, words)
            # The submission may have been acknowledged (deferred) before the rules refused it.
            send = interaction.followup.send if interaction.response.is_done() else interaction.response.send_message
            await send(words("story-form-refused", error=error.text), view=retry, ephemeral=True)

    # discord.py's Modal.on_error itself drops BaseView's `item` argument: mirror it.
    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:  # type: ignore[override]
        await report_error(interaction, error)


class _Retry(discord.ui.View):
    """One button that reopens a refused form with what was typed."""

    def __init__(self, author_id: int, modal: discord.ui.Modal, words: Words) -> None:
        super().__init__(timeout=600)
        self.author_id = author_id
        self.modal = modal
        self.reopen.label = words("story-form-retry")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.author_id

    # The decorator's label is the class's, in the default language; each view sets its reader's in __init__.
    @discord.ui.button(label=render("story-form-retry"), style=discord.ButtonStyle.primary)
    async def reopen(self, interaction: discord.Interaction, _: discord.ui.Button[_Retry]) -> None:
        await interaction.response.send_modal(self.modal)


class Confirm(discord.ui.View):
    """Confirm / Cancel for the person who asked; the buttons switch off once used or after a minute."""

    def __init__(
        self,
        author_id: int,
        label: str,
        on_confirm: Callable[[discord.Interaction], Awaitable[None]],
        *,
        words: Words,
        style: discord.ButtonStyle = discord.ButtonStyle.danger,
    ) -> None:
        """`label`: the confirm button's, already in `words` (the language of the person who asked)."""
        super().__init__(timeout=60)
        self.author_id = author_id
        self._on_confirm = on_confirm
        self.confirm.label = label
        self.confirm.style = style
        self.cancel.label = words("story-cancel")
        self.origin: discord.Interaction | None = None

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(words_for(interaction)("story-confirm-not-yours"), ephemeral=True)
        return False

    def _disable(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True

    # The decorators' labels are the class's, in the default language; each view sets its reader's in __init__.
    @discord.ui.button(label=render("story-confirm"), style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, _: discord.ui.Button[Confirm]) -> None:
        self._disable()
        self.stop()
        await self._on_confirm(interaction)

    @discord.ui.button(label=render("story-cancel"), style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, _: discord.ui.Button[Confirm]) -> None:
        self._disable()
        self.stop()
        await interaction.response.edit_message(content=words_for(interaction)("story-cancelled"), view=self)

    async def on_timeout(self) -> None:
        self._disable()
        if self.origin is not None:
            try:
                await self.origin.edit_original_response(view=self)
            except discord.HTTPException:
                log.debug("could not disable a confirmation's buttons", exc_info=True)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await report_error(interaction, error)
