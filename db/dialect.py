"""The few pieces of SQL that SQLite and PostgreSQL cannot share, one fragment per engine.

The repositories write one SQL for both engines wherever both accept it (`?` and `:name` placeholders are
translated for PostgreSQL by db/postgres.py); what differs (patterns, JSON, aggregating text, the story index)
is asked of the store's dialect. Each fragment takes SQL expressions the repositories wrote, never user input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def _glob_to_regex(pattern: str) -> str:
    """A GLOB pattern as an anchored POSIX regular expression: * any run, ? one character, [...] a class."""
    out = ["^"]
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            out.append(".*")
        elif c == "?":
            out.append(".")
        elif c == "[":
            end = pattern.index("]", i + 1)
            out.append(pattern[i : end + 1])
            i = end
        else:
            out.append(re.escape(c))
        i += 1
    out.append("$")
    return "".join(out)


@dataclass(frozen=True)
class Dialect:
    name: str

    @property
    def postgres(self) -> bool:
        return self.name == "postgresql"

    def glob(self, expression: str, pattern: str) -> str:
        """`expression` matches the GLOB `pattern` (case-sensitive); the pattern is the repository's constant."""
        if "'" in pattern:
            raise ValueError(pattern)
        if self.postgres:
            return f"{expression} ~ '{_glob_to_regex(pattern)}'"
        return f"{expression} GLOB '{pattern}'"

    def text_list(self, expression: str, separator: str, order: str | None = None) -> str:
        """The aggregate joining `expression` of a group's rows as text (NULL for none); `separator` is SQL.
        `order`: the order PostgreSQL joins them in; SQLite (before 3.44) takes no order inside the aggregate and
        joins them in the order it reads the rows, so a caller that needs one reads them in it (a subquery)."""
        if self.postgres:
            ordered = f" ORDER BY {order}" if order else ""
            return f"string_agg(CAST({expression} AS TEXT), {separator}{ordered})"
        return f"group_concat({expression}, {separator})"

    @property
    def unit_separator(self) -> str:
        """The character 31 (a separator no name holds), as SQL."""
        return "chr(31)" if self.postgres else "char(31)"

    def json_object(self, *pairs: str) -> str:
        """A JSON object's text from key and value expressions, alternating."""
        if self.postgres:
            return f"CAST(json_build_object({', '.join(pairs)}) AS TEXT)"
        return f"json_object({', '.join(pairs)})"

    def json_integer(self, expression: str, key: str) -> str:
        """The integer under `key` of the JSON object stored as text in `expression`."""
        if not key.isidentifier():
            raise ValueError(key)
        if self.postgres:
            return f"CAST(CAST({expression} AS jsonb) ->> '{key}' AS BIGINT)"
        return f"json_extract({expression}, '$.{key}')"

    def unanimous(self, marks: str) -> str:
        """The JSON list of marks stored as text in `marks` is not empty, every mark is the first one, and the
        first is a mark (not "-")."""
        if self.postgres:
            document = f"CAST({marks} AS jsonb)"
            return (
                f"jsonb_array_length({document}) > 0 AND NOT EXISTS (SELECT 1 FROM "
                f"jsonb_array_elements({document}) AS j(value) WHERE j.value IS DISTINCT FROM {document} -> 0) "
                f"AND {document} ->> 0 != '-'"
            )
        return (
            f"json_array_length({marks}) > 0 AND NOT EXISTS (SELECT 1 FROM json_each({marks}) j "
            f"WHERE j.value IS NOT json_extract({marks}, '$[0]')) AND json_extract({marks}, '$[0]') != '-'"
        )

    def first_mark(self, marks: str) -> str:
        """The first mark of the JSON list in `marks` as a number, read as SQLite reads text as REAL: its leading
        number, 0 when it has none (never an error on "-")."""
        if self.postgres:
            number = r"'^\s*[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)'"
            return f"coalesce(CAST(substring(CAST({marks} AS jsonb) ->> 0 from {number}) AS DOUBLE PRECISION), 0)"
        return f"CAST(json_extract({marks}, '$[0]') AS REAL)"

    def name_key(self, match_key: str) -> str:
        """The name part of a skater's match key (after "COUNTRY|"): the expression the index is built on."""
        if self.postgres:
            return f"substr({match_key}, strpos({match_key}, '|') + 1)"
        return f"substr({match_key}, instr({match_key}, '|') + 1)"


SQLITE = Dialect("sqlite")
POSTGRESQL = Dialect("postgresql")
