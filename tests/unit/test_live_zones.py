"""The zone of a watched site's schedule when the site prints no UTC offset: the watcher's, else the venue's (its
country's, or its city's in a country of several zones), never guessed; and what a watch stores and says of it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.services.live import zones
from bot.services.live.items import starts_at


def test_the_printed_offset_comes_first_then_the_watcher_then_the_venue() -> None:
    site = zones.zone_for("UTC+09:00", "Europe/Moscow", "Saitama", "JPN")
    assert (site.name, site.source, site.stored) == ("UTC+09:00", "site", "UTC+09:00")
    assert site.zone == timezone(timedelta(hours=9))
    watcher = zones.zone_for(None, "Europe/Samara", "Nice", "FRA")
    assert (watcher.name, watcher.source, watcher.stored) == ("Europe/Samara", "watcher", "watcher:Europe/Samara")
    venue = zones.zone_for(None, None, "Nice", "FRA")
    assert (venue.name, venue.source, venue.stored) == ("Europe/Paris", "venue", "venue:Europe/Paris")


def test_a_country_of_several_zones_needs_a_city_it_knows() -> None:
    assert zones.zone_for(None, None, "Yekaterinburg", "RUS").name == "Asia/Yekaterinburg"
    assert zones.zone_for(None, None, "Санкт-Петербург", "RUS").name == "Europe/Moscow"
    assert zones.zone_for(None, None, "Colorado Springs", "USA").name == "America/Denver"
    unknown = zones.zone_for(None, None, "Somewhere", "RUS")  # never the capital's zone by default
    assert (unknown.zone, unknown.name, unknown.source, unknown.stored) == (None, None, "none", None)
    assert zones.zone_for(None, None, None, None).source == "none"


def test_a_local_schedule_time_is_placed_in_the_zone_daylight_saving_included() -> None:
    paris = zones.zone_for(None, None, "Nice", "FRA").zone
    assert starts_at("2022-01-15", "10:00", paris) == datetime(2022, 1, 15, 9, 0, tzinfo=UTC)
    assert starts_at("2022-07-15", "10:00", paris) == datetime(2022, 7, 15, 8, 0, tzinfo=UTC)
    assert starts_at("2022-07-15", "10:00", None) is None  # no zone: not placed


def test_a_zone_is_checked_as_typed_and_read_back_as_stored() -> None:
    assert zones.checked("europe/moscow") == "Europe/Moscow"
    assert zones.checked(" Asia/Tokyo ") == "Asia/Tokyo"
    for bad in ("", "Moscow", "UTC+3", "Europe/Atlantis"):
        with pytest.raises(zones.UnknownZone):
            zones.checked(bad)
    assert zones.given("watcher:Europe/Moscow") == "Europe/Moscow"
    assert zones.given("venue:Europe/Paris") is None and zones.given("UTC+09:00") is None
    back = zones.from_stored("venue:Europe/Paris")
    assert (back.name, back.source) == ("Europe/Paris", "venue")
    assert zones.from_stored("UTC+01:00").source == "site"
    assert "Europe/Moscow" in str(zones.zone_text("watcher:Europe/Moscow"))
    assert "timezone option" in str(zones.zone_text(None))
