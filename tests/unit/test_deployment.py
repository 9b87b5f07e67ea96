"""The deployment recipes say what the bot actually does: the image installs it as the README does and checks the
health the bot serves; the compose file and the systemd unit set only settings the bot reads, and the ones that
matter (a store, a health address). No container engine runs here (nor can its registries be reached), so the
files are read and checked, not run; `systemd-analyze verify` checks the unit where systemd is installed."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from bot.cli import build_parser
from bot.discord_layer.monitor import HEALTH_PATH
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
# Variables the image sets for the process rather than for skatebot: where its commands are, unbuffered logs.
PROCESS_VARIABLES = {"PATH", "PYTHONUNBUFFERED", "PIP_NO_CACHE_DIR"}


class _Recording(dict[str, str]):
    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        self.asked.add(key)
        return super().get(key, default)


def settings_names() -> set[str]:
    """Every environment variable Settings reads (asked of a recording environment)."""
    recording = _Recording()
    Settings.from_env(recording)
    return recording.asked


def readme_install() -> str:
    """The README's install command, after its venv step, as it shows it for running the bot."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"```sh\n(python3 -m venv \.venv && \. \.venv/bin/activate && pip install -e \.) &&", readme)
    assert match is not None, "the README shows no install command"
    return match.group(1)


def dockerfile() -> list[tuple[int, str, str]]:
    """(stage, instruction, arguments) in order, continuation lines joined, comments left out."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    stage = -1
    steps = []
    for line in joined.splitlines():
        if not line.strip():
            continue
        instruction, _, arguments = line.strip().partition(" ")
        if instruction.upper() == "FROM":
            stage += 1
        steps.append((stage, instruction.upper(), " ".join(arguments.split())))
    return steps


def env_of(arguments: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in shlex.split(arguments))


def test_settings_are_listed_in_env_example_and_the_readme() -> None:
    names = settings_names()
    example = {
        line.split("=", 1)[0].lstrip("# ").strip()
        for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
        if re.match(r"^#? ?[A-Z_]+=", line)
    }
    assert names == example, "every setting in .env.example, and only settings"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `([A-Z_]+)` \|", readme, flags=re.MULTILINE))
    assert names <= table, f"missing from the README's settings table: {sorted(names - table)}"


def test_the_image_is_multi_stage_slim_and_installs_as_the_readme_does() -> None:
    steps = dockerfile()
    bases = [args for _, instruction, args in steps if instruction == "FROM"]
    assert len(bases) >= 2, "a build stage and a runtime stage"
    assert all(re.match(r"python:3\.1[1-9]-slim\b", base) for base in bases), bases
    build_runs = [args for stage, instruction, args in steps if stage == 0 and instruction == "RUN"]
    assert readme_install() in build_runs, "the build stage runs the README's install, as it is written"
    assert not [args for stage, instruction, args in steps if stage > 0 and instruction == "RUN" and "pip" in args]
    # The sources an editable install runs from: every package of pyproject's find, and the bundled data.
    copied = " ".join(args for _, instruction, args in steps if instruction == "COPY")
    for folder in ("bot", "cogs", "db", "data"):
        assert re.search(rf"\b{folder}\b", copied), folder
    runtime = [(instruction, args) for stage, instruction, args in steps if stage == len(bases) - 1]
    users = [args for instruction, args in runtime if instruction == "USER"]
    assert users and users[-1] not in ("root", "0"), "the bot runs as a user of its own"
    assert any(instruction == "COPY" and args.startswith("--from=") for instruction, args in runtime)


def test_the_images_settings_and_healthcheck_are_the_bots() -> None:
    steps = dockerfile()
    environment: dict[str, str] = {}
    for _, instruction, args in steps:
        if instruction == "ENV":
            environment.update(env_of(args))
    assert set(environment) - PROCESS_VARIABLES <= settings_names()
    settings = Settings.from_env({k: v for k, v in environment.items() if k not in PROCESS_VARIABLES})
    assert settings.monitor_address is not None, "the healthcheck needs the bot to serve /healthz"
    exposed = [args for _, instruction, args in steps if instruction == "EXPOSE"]
    assert exposed == [str(settings.monitor_address[1])]
    healthcheck = next(args for _, instruction, args in steps if instruction == "HEALTHCHECK")
    command = healthcheck.split(" CMD ", 1)[1]
    assert command.replace(" ", "") == '["skatebot","health"]'
    # `skatebot health` is a command of the bot, and it asks the path the monitor serves.
    assert build_parser().parse_args(["health"]).command == "health"
    assert HEALTH_PATH == "/healthz"
    entrypoint = next(args for _, instruction, args in steps if instruction == "ENTRYPOINT")
    cmd = next(args for _, instruction, args in steps if instruction == "CMD")
    assert (entrypoint, cmd) == ('["skatebot"]', '["run"]')
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and ".git" in ignored, "no secret or history in the build context"


def test_compose_runs_the_bot_on_postgresql_once_it_is_ready() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"db", "bot"}
    db, bot = services["db"], services["bot"]
    assert db["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert bot["build"] == "."
    assert db["restart"] == bot["restart"] == "unless-stopped"
    # The store lives in a named volume, where PostgreSQL keeps its data.
    volume, _, target = db["volumes"][0].partition(":")
    assert volume in compose["volumes"] and target == "/var/lib/postgresql/data"
    environment = bot["environment"]
    assert set(environment) <= settings_names(), "the bot is given only settings it reads"
    store = environment["SKATEBOT_DB"]
    user, database = db["environment"]["POSTGRES_USER"], db["environment"]["POSTGRES_DB"]
    assert store == f"postgresql://{user}:${{POSTGRES_PASSWORD}}@db:5432/{database}"
    assert db["environment"]["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD")
    resolved = {key: value.replace("${POSTGRES_PASSWORD}", "secret") for key, value in environment.items()}
    resolved = {key: re.sub(r"\$\{[A-Z_]+:?[-?][^}]*\}", "", value) for key, value in resolved.items()}
    resolved["DISCORD_TOKEN"] = "x"
    settings = Settings.from_env(resolved)
    assert settings.db_path == f"postgresql://{user}:secret@db:5432/{database}"
    assert settings.monitor_address is not None
    published = bot["ports"][0]
    assert published.endswith(f":{settings.monitor_address[1]}") and published.startswith("127.0.0.1:")


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys are case-sensitive
    parser.read(ROOT / "deploy" / "skatebot.service", encoding="utf-8")
    return parser


def test_the_systemd_unit_restarts_the_bot_with_the_same_settings() -> None:
    service = unit()["Service"]
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == "2", "a setting to fix (exit 2) is not retried for ever"
    assert service["EnvironmentFile"].endswith(".env")
    command = service["ExecStart"].split()
    assert Path(command[0]).name == "skatebot" and command[1:] == ["run"]
    assert service["ExecStart"].startswith("/opt/skatebot/.venv/bin/"), "the README's install, in /opt/skatebot"
    assert service["User"] != "root" and service["KillSignal"] == "SIGTERM"
    assert "network-online.target" in unit()["Unit"]["After"]


def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    """systemd's own check of the unit, with its command pointed at this checkout's skatebot (it checks that the
    command exists)."""
    analyze = shutil.which("systemd-analyze")
    assert analyze is not None, "systemd-analyze is part of systemd, on every machine of this project's kind"
    skatebot = Path(sys.executable).with_name("skatebot")
    text = (ROOT / "deploy" / "skatebot.service").read_text(encoding="utf-8")
    copy = tmp_path / "skatebot.service"
    copy.write_text(text.replace("/opt/skatebot/.venv/bin/skatebot", str(skatebot)), encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, timeout=120)
    problems = [line for line in (done.stdout + done.stderr).splitlines() if "skatebot.service" in line]
    assert done.returncode == 0 and problems == [], done.stdout + done.stderr


def test_ci_runs_the_readmes_test_command_on_every_core() -> None:
    """The README's test command is CI's, as written: both run the suite on every core (pytest-xdist, from the test
    extra), and the PostgreSQL pass the same way."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    venv = r"python3 -m venv \.venv && \. \.venv/bin/activate && "
    match = re.search(rf"```sh\n{venv}(pip install -e \"\.\[test\]\" && .*)\n", readme)
    assert match is not None, "the README shows no test command"
    command = match.group(1)
    assert command.endswith("&& pytest -n auto")
    assert command in ci.splitlines(), "CI runs the README's test command as written"
    assert re.search(r"^SKATEBOT_TEST_DB=.* pytest -n auto tests/unit tests/e2e$", ci, re.M)
    with (ROOT / "pyproject.toml").open("rb") as file:
        extras = tomllib.load(file)["project"]["optional-dependencies"]["test"]
    assert any(requirement.startswith("pytest-xdist") for requirement in extras)
