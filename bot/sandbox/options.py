"""What a Discord client sends for a command: the registered command found by its name among those offered where
the user is, and its options typed, checked and resolved from the command's schema, as Discord's client builds
them (lengths, number bounds, choices, users, roles and channels of the server)."""

from __future__ import annotations

from typing import Any

from bot.sandbox import limits
from bot.sandbox.permissions import permissions_for
from bot.sandbox.state import Attachment, Channel, Guild, Role, State, User, new_snowflake

# Application command option types by name (Discord's numbering).
OPTION_TYPES = {
    "subcommand": 1,
    "group": 2,
    "string": 3,
    "integer": 4,
    "boolean": 5,
    "user": 6,
    "channel": 7,
    "role": 8,
    "mentionable": 9,
    "number": 10,
    "attachment": 11,
}


def command_data(cmd: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """The `data` of an application-command interaction for a registered command; empty fields left out."""
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"]}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    data.update({key: value for key, value in fields.items() if value or key == "options"})
    return data


class CommandOptions:
    def __init__(self, state: State) -> None:
        self.state = state

    def _find_command(self, commands: list[dict[str, Any]], name: str, *, everywhere: bool) -> dict[str, Any]:
        for cmd in commands:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        names = sorted({c["name"] for c in commands if c.get("type", 1) == 1})
        if not everywhere and any(c["name"] == name for c in self.state.commands()):
            raise ValueError(
                f"/{name} is not offered here (its contexts and installs do not include this place); "
                f"offered: {', '.join('/' + n for n in names) or 'none'}"
            )
        raise ValueError(f"unknown command /{name}; registered: {', '.join('/' + n for n in names) or 'none'}")

    def resolve_command(
        self, guild: Guild | None, command: str, *, offered: list[dict[str, Any]] | None = None
    ) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
        """(command JSON, path of sub-names, option schemas of the leaf) for 'story source add'; among `offered`
        (the commands Discord's client lists where the user is), else the server's and the global ones."""
        words = command.strip().lstrip("/").split()
        if not words:
            raise ValueError("empty command")
        commands = offered if offered is not None else self.state.commands(guild)
        cmd = self._find_command(commands, words[0], everywhere=offered is None)
        options: list[dict[str, Any]] = cmd.get("options") or []
        path: list[str] = []
        for word in words[1:]:
            sub = next((o for o in options if o.get("type") in (1, 2) and o["name"] == word), None)
            if sub is None:
                subs = [o["name"] for o in options if o.get("type") in (1, 2)]
                raise ValueError(f"/{' '.join(words[:1] + path)} has no subcommand {word!r}; choose from {subs}")
            path.append(word)
            options = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in options):
            subs = [o["name"] for o in options if o.get("type") in (1, 2)]
            raise ValueError(f"/{' '.join(words)} needs a subcommand: {', '.join(subs)}")
        return cmd, path, options

    def _option_value(
        self, guild: Guild | None, member_id: int, schema: dict[str, Any], value: Any, resolved: dict[str, Any]
    ) -> Any:
        name, otype = schema["name"], schema.get("type")
        if otype == 3:
            if not isinstance(value, str):
                value = str(value)
            if "min_length" in schema and len(value) < schema["min_length"]:
                raise ValueError(f"{name}: shorter than {schema['min_length']}")
            # Discord's client takes at most 6,000 characters in a string option unless max_length says less.
            max_length = schema.get("max_length", limits.STRING_OPTION_MAX)
            if len(value) > max_length:
                raise ValueError(f"{name}: longer than {max_length}")
        elif otype in (4, 10):
            try:
                value = int(value) if otype == 4 else float(value)
            except (TypeError, ValueError):
                raise ValueError(f"{name}: expected {'an integer' if otype == 4 else 'a number'}") from None
            # Without bounds of its own, a number option takes what JavaScript holds exactly: -2^53 .. 2^53.
            low = schema["min_value"] if schema.get("min_value") is not None else -limits.NUMBER_OPTION_BOUND
            high = schema["max_value"] if schema.get("max_value") is not None else limits.NUMBER_OPTION_BOUND
            if value < low:
                raise ValueError(f"{name}: below {low}")
            if value > high:
                raise ValueError(f"{name}: above {high}")
        elif otype == 5:
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "yes", "no"):
                    raise ValueError(f"{name}: expected true or false")
                value = value.lower() in ("true", "yes")
            value = bool(value)
        elif otype in (6, 7, 8, 9):
            if guild is None:
                raise ValueError(f"{name}: the sandbox resolves users, roles and channels in servers only")
            return self._resolve_entity(guild, member_id, schema, value, resolved)
        elif otype == 11:
            filename, data = value if isinstance(value, tuple) else ("file", bytes(value))
            att = Attachment(new_snowflake(), filename, data)
            resolved.setdefault("attachments", {})[str(att.id)] = self.state.attachment_json(att)
            return str(att.id)
        choices = schema.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            labels = ", ".join(f"{c['name']}={c['value']!r}" for c in choices)
            raise ValueError(f"{name}: {value!r} is not one of the choices ({labels})")
        return value

    def _resolve_entity(
        self, guild: Guild, member_id: int, schema: dict[str, Any], value: Any, resolved: dict[str, Any]
    ) -> str:
        otype, name = schema["type"], schema["name"]
        if isinstance(value, User | Role | Channel):
            target: Any = value
        else:
            try:
                oid = int(str(value).strip("<@!&#>"))
            except ValueError:
                target = self._entity_by_name(guild, str(value), otype)
            else:
                target = self.state.users.get(oid) or guild.roles.get(oid) or guild.channels.get(oid)
            if target is None:
                raise ValueError(f"{name}: no user, role or channel matches {value!r}")
        if isinstance(target, User) and otype in (6, 9):
            resolved.setdefault("users", {})[str(target.id)] = target.to_json()
            member = guild.members.get(target.id)
            if member is not None:
                mdata = member.to_json()
                mdata.pop("user")
                mdata["permissions"] = str(permissions_for(guild, target.id, None))
                resolved.setdefault("members", {})[str(target.id)] = mdata
        elif isinstance(target, Role) and otype in (8, 9):
            resolved.setdefault("roles", {})[str(target.id)] = target.to_json()
        elif isinstance(target, Channel) and otype == 7:
            types = schema.get("channel_types")
            if types and target.type not in types:
                raise ValueError(f"{name}: channel type {target.type} not allowed ({types})")
            resolved.setdefault("channels", {})[str(target.id)] = {
                "id": str(target.id),
                "name": target.name,
                "type": target.type,
                "permissions": str(permissions_for(guild, member_id, target)),
                "parent_id": None,
            }
        else:
            raise ValueError(f"{name}: {target!r} is the wrong kind of value for option type {otype}")
        return str(target.id)

    def _entity_by_name(self, guild: Guild, text: str, otype: int) -> Any:
        text = text.lstrip("@#")
        if otype in (6, 9):
            for member in guild.members.values():
                if member.user.name == text:
                    return member.user
        if otype in (8, 9):
            for role in guild.roles.values():
                if role.name == text:
                    return role
        if otype == 7:
            for channel in guild.channels.values():
                if channel.name == text:
                    return channel
        return None

    def build_options(
        self,
        guild: Guild | None,
        member_id: int,
        command: str,
        options: dict[str, Any] | None,
        *,
        focused: str | None = None,
        offered: list[dict[str, Any]] | None = None,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """(command, typed options tree, resolved) from the registered schema, as Discord's client would."""
        cmd, path, schema = self.resolve_command(guild, command, offered=offered)
        options = dict(options or {})
        by_name = {o["name"]: o for o in schema}
        unknown = [k for k in options if k not in by_name]
        if unknown:
            known = ", ".join(by_name) or "none"
            raise ValueError(f"/{command}: unknown option(s) {', '.join(unknown)}; options are: {known}")
        if focused is not None and focused not in by_name:
            raise ValueError(f"/{command}: unknown option {focused!r}")
        resolved: dict[str, Any] = {}
        leaf: list[dict[str, Any]] = []
        for opt in schema:
            oname = opt["name"]
            if oname == focused:
                # The focused value is whatever has been typed so far, always as text.
                leaf.append(
                    {
                        "name": oname,
                        "type": opt["type"],
                        "value": str(options.get(oname, "")),
                        "focused": True,
                    }
                )
                continue
            if oname not in options:
                if opt.get("required") and focused is None:
                    raise ValueError(f"/{command}: missing required option {oname!r}")
                continue
            value = self._option_value(guild, member_id, opt, options[oname], resolved)
            leaf.append({"name": oname, "type": opt["type"], "value": value})
        tree = leaf
        node_schema: list[dict[str, Any]] = cmd.get("options") or []
        chain: list[dict[str, Any]] = []
        for word in path:
            sub = next(o for o in node_schema if o["name"] == word)
            chain.append(sub)
            node_schema = sub.get("options") or []
        for sub in reversed(chain):
            tree = [{"name": sub["name"], "type": sub["type"], "options": tree}]
        return cmd, tree, resolved
