"""Competition and athlete names as fans type them, each with the one answer the store must give, run through
the resolver the commands use (ResultsService.competition / athlete_ids: /results, /podium, /athlete and their
autocomplete's picked values). Written by hand from the store's list of competitions and skaters, before it was
first run; a third list beside tests/unit/fan_competition_names*.txt, which only check that nothing is answered
with another competition. Here the answer itself is asserted:

    typed | =key           that stored competition, answered (no question)
    typed | ?key key ...   a question offering exactly those competitions (the words fit each; never a pick)
    typed | @Name          that stored skater (or "A / B": that couple), answered
    typed | ?@Name; Name   a question, offering at least those skaters
    typed | -              not in the store (NotFound; nothing answered in its place)

The lines name what the store holds in 2016-18, 2018-26 and the 2025-26 Grand Prix (data/*.json). Host cities:
Worlds 2017 Helsinki, 2019 and 2023 Saitama, 2021 Stockholm, 2022 Montpellier, 2024 Montreal, 2025 Boston, 2026
Prague; the Final 2017 and 2025 in Nagoya, 2019 and 2022 in Turin; Four Continents 2017 Gangneung, 2026 Beijing.
"""

from __future__ import annotations

import pytest

from bot.errors import Ambiguous, NotFound
from bot.services.results import ResultsService

COMPETITIONS = """
# --- abbreviations fans use, with years in every habit ---
4cc 2017 | =fc2017
4cc 26 | =fc2026
4CC | ?fc2017 fc2026
fc2017 | =fc2017
gpf 2017 | =gpf2017
GPF 2019 | =gpf1920
gpf 22/23 | =gpf2223
gpf nagoya | ?gpf2017 gpf2025
gpf turin | ?gpf1920 gpf2223
gp final vancouver | =gpf1819
jgpf 2017 | =gpf2017
jgpf 2025 | -
ec 2017 | =ec2017
ec 26 | =ec2026
euros sheffield | =ec2026
ec 2025 | -
wc 2025 | =wc2025
wc25 | =wc2025
worlds 23 | =wc2023
worlds '21 | =wc2021
worlds 2020 | -
worlds 2027 | -
olympics 2030 | -
owg 2014 | -
gpf 2026 | -
4cc 2025 | -
# --- host cities, with or without the year ---
worlds saitama | ?wc2019 wc2023
saitama 2023 | =wc2023
boston 2025 | =wc2025
montreal worlds | =wc2024
stockholm 2021 | =wc2021
montpellier | =wc2022
prague 2026 | =wc2026
worlds prague | =wc2026
helsinki 2017 | =wc2017
beijing 2023 | =gpf2324
beijing 2026 | =fc2026
beijing 2022 | =owg2022
pyeongchang | =owg2018
milano cortina 26 | =owg2026
milan 26 | =owg2026
four continents gangneung | =fc2017
europeans 2017 ostrava | =ec2017
nhk trophy osaka | ?gpjpn2017 gpjpn2025
nhk sapporo | =gpjpn2016
lake placid | ?gpusa2017 gpusa2025
worlds tokyo 2026 | -
# --- an event or a segment inside the competition's name ---
worlds 2025 mens free | =wc2025
worlds 2025 ladies short | =wc2025
worlds 2024 ice dance | =wc2024
ec 2017 ostrava men | =ec2017
olympics 2022 team event | =owg2022
olympic team event 2018 | =owg2018
olympics team event | ?owg2018 owg2022 owg2026
worlds 2025 team event | -
ice dance 2026 | -
free 2025 | -
gpf 2025 junior | -
# --- Grand Prix events by their names and nicknames ---
skate america 2025 | =gpusa2025
skate america | ?gpusa2016 gpusa2017 gpusa2025
skate america 2024 | -
skate canada 2025 | =gpcan2025
cup of china 2025 | =gpchn2025
coc 2016 | =gpchn2016
nhk 2017 | =gpjpn2017
nhk 2018 | -
rostelecom 2017 | =gprus2017
tdf 2016 | =gpfra2016
gp france 2025 | =gpfra2025
finlandia trophy 2025 | =gpfin2025
gp finland 2025 | =gpfin2025
4 continents 2026 | =fc2026
grand prix finale 2017 | =gpf2017
# --- typos ---
wolrds 2025 | =wc2025
europeens 2026 | =ec2026
skate amercia 2025 | =gpusa2025
olympcis 2018 | =owg2018
# --- Japanese ---
世界選手権2023 | =wc2023
四大陸2017 | =fc2017
四大陸選手権 2026 | =fc2026
GPファイナル2025 | =gpf2025
NHK杯2025 | =gpjpn2025
スケアメ2017 | =gpusa2017
北京五輪 | =owg2022
平昌五輪 | =owg2018
ミラノ五輪 団体戦 | =owg2026
さいたま世界選手権 | ?wc2019 wc2023
欧州選手権2026 | =ec2026
全日本2025 | -
世界ジュニア2025 | -
# --- Chinese ---
北京冬奥会 | =owg2022
米兰冬奥会 | =owg2026
平昌冬奥会 | =owg2018
2025世锦赛 | =wc2025
世锦赛2023 | =wc2023
四大洲锦标赛2026 | =fc2026
大奖赛总决赛2017 | =gpf2017
中国杯2025 | =gpchn2025
欧锦赛2026 | =ec2026
美国站2025 | =gpusa2025
第24届冬奥会 | =owg2022
# --- Korean ---
평창 올림픽 | =owg2018
평창올림픽 | =owg2018
베이징 올림픽 | =owg2022
세계선수권 2023 | =wc2023
4대륙 2017 | =fc2017
그랑프리 파이널 2025 | =gpf2025
스케이트 아메리카 2025 | =gpusa2025
스케이트아메리카 2017 | =gpusa2017
NHK 트로피 2016 | =gpjpn2016
청소년 올림픽 | -
# --- Russian ---
Олимпиада в Пекине | =owg2022
Олимпиада в Пхенчхане | =owg2018
ЧМ 2025 | =wc2025
ЧЕ 2026 | =ec2026
Чемпионат мира 2023 | =wc2023
Финал Гран-при 2017 | =gpf2017
NHK Трофи 2017 | =gpjpn2017
Скейт Америка 2025 | =gpusa2025
Кубок Китая 2017 | =gpchn2017
"""

ATHLETES = """
hanyu | @Yuzuru Hanyu
hanyuu | @Yuzuru Hanyu
yuzu | @Yuzuru Hanyu
hanyu yuzuru | @Yuzuru Hanyu
羽生結弦 | @Yuzuru Hanyu
uno | @Shoma Uno
shoma | @Shoma Uno
宇野昌磨 | @Shoma Uno
kagiyama | @Yuma Kagiyama
kagiyama yuma | @Yuma Kagiyama
鍵山 | @Yuma Kagiyama
malinin | @Ilia Malinin
sakamoto | @Kaori Sakamoto
坂本花織 | @Kaori Sakamoto
miura | ?@Riku Miura; Kao Miura
chen | ?@Nathan Chen; Karen Chen
nathan chen | @Nathan Chen
natan chen | @Nathan Chen
medvedeva | @Evgenia Medvedeva
zagitova | @Alina Zagitova
trusova | @Alexandra Trusova
mao asada | @Mao Asada
aymoz | @Kevin Aymoz
alysa liu | @Alysa Liu
valieva | -
plushenko | -
michelle kwan | -
papadakis cizeron | @Gabriella Papadakis / Guillaume Cizeron
chock bates | @Madison Chock / Evan Bates
miura kihara | @Riku Miura / Ryuichi Kihara
"""


def _rows(table: str) -> list[tuple[str, str]]:
    rows = []
    for line in table.strip().splitlines():
        if line.strip() and not line.startswith("#"):
            typed, _, meant = line.rpartition("|")
            rows.append((typed.strip(), meant.strip()))
    return rows


def test_the_tables_are_long_enough() -> None:
    assert len(_rows(COMPETITIONS)) + len(_rows(ATHLETES)) >= 80


@pytest.mark.parametrize(("typed", "meant"), _rows(COMPETITIONS))
async def test_a_competition_as_fans_type_it(shared_results: ResultsService, typed: str, meant: str) -> None:
    if meant == "-":
        with pytest.raises(NotFound) as refused:
            shared_results.competition(typed)
        assert not isinstance(refused.value, Ambiguous), f"{typed!r} asked instead of saying it is missing"
        return
    if meant.startswith("?"):
        with pytest.raises(Ambiguous) as asked:
            shared_results.competition(typed)
        assert sorted(s.value for s in asked.value.suggestions) == sorted(meant[1:].split())
        return
    assert shared_results.competition(typed).key == meant.removeprefix("=")


@pytest.mark.parametrize(("typed", "meant"), _rows(ATHLETES))
async def test_an_athlete_as_fans_type_them(shared_results: ResultsService, typed: str, meant: str) -> None:
    if meant == "-":
        with pytest.raises(NotFound) as refused:
            shared_results.athlete_ids(typed)
        assert not isinstance(refused.value, Ambiguous), f"{typed!r} asked instead of saying it is missing"
        return
    if meant.startswith("?@"):
        with pytest.raises(Ambiguous) as asked:
            shared_results.athlete_ids(typed)
        offered = [str(s.label) for s in asked.value.suggestions]
        for name in meant[2:].split(";"):
            assert any(label.startswith(name.strip()) for label in offered), (name, offered)
        return
    names = await shared_results.skater_names(shared_results.athlete_ids(typed))
    assert " / ".join(names) == meant.removeprefix("@")


@pytest.mark.parametrize(
    ("typing", "offered"),
    [
        ("worlds 2025 mens fr", ["wc2025"]),
        ("olympic team event 20", ["owg2026", "owg2022", "owg2018"]),
        ("平昌冬奥", ["owg2018"]),
        ("milano cortina 2", ["owg2026"]),
    ],
)
async def test_autocomplete_offers_the_competition_while_its_name_is_typed(
    shared_results: ResultsService, typing: str, offered: list[str]
) -> None:
    assert [choice.value for choice in shared_results.competition_choices(typing)] == offered
