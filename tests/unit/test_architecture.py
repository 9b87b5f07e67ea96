"""The code's imports follow the layers of docs/ARCHITECTURE.md: cogs -> discord_layer -> services -> db, never upwards.

Read from the source (ast), so an import inside a function counts as much as one at the top; only imports
under `if TYPE_CHECKING:` are left out (they never run: a cog names the bot's class in its annotations).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Highest first. A module may import its own layer and the ones below it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("entry", ("bot.cli", "bot.__main__", "bot.client", "bot.store")),
    ("cogs", ("cogs",)),
    ("discord", ("bot.discord_layer",)),  # ui/, the tree, the checks, the posters, the scheduler, the metrics
    (
        "services",
        (
            "bot.services",
            "bot.errors",
            "bot.i18n",
            "bot.text",
            "bot.settings",
            "bot.ratelimit",
            "bot.logs",
            "bot.user_cache",
            "bot.render",  # the chart worker: no discord; matplotlib only inside its process
        ),
    ),
    ("db", ("db",)),
]
SANDBOX = "bot.sandbox"  # apart: the tests' Discord stand-in, reached only by the `skatebot sandbox` command
DISCORD_LIBRARIES = ("discord",)  # aiohttp is an HTTP client the ISU import uses too: not Discord


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def layer_of(module: str) -> int | None:
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(within(module, prefix) for prefix in prefixes):
            return rank
    return None


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, imported module) for every import that runs, wherever it is."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def sources() -> list[Path]:
    return sorted(p for folder in ("bot", "cogs", "db") for p in (ROOT / folder).rglob("*.py"))


def imports_by_module() -> dict[str, list[tuple[int, str]]]:
    return {module_name(p): runtime_imports(ast.parse(p.read_text(encoding="utf-8"))) for p in sources()}


def test_every_module_has_a_layer() -> None:
    unplaced = [m for m in imports_by_module() if layer_of(m) is None and not within(m, SANDBOX) and m != "bot"]
    assert unplaced == [], "place these modules in a layer (here and in docs/ARCHITECTURE.md)"


def test_no_module_imports_a_layer_above_its_own() -> None:
    upward = []
    for module, imports in imports_by_module().items():
        own = layer_of(module)
        if own is None:
            continue
        for line, target in imports:
            if within(target, SANDBOX) and not within(module, "bot.cli"):
                upward.append(f"{module}:{line} imports the sandbox {target}")
                continue
            other = layer_of(target)
            if other is not None and other < own:
                upward.append(f"{module}:{line} ({LAYERS[own][0]}) imports {target} ({LAYERS[other][0]})")
    assert upward == []


@pytest.mark.parametrize("layer", ["services", "db"])
def test_services_and_db_never_import_discord(layer: str) -> None:
    rank = [name for name, _ in LAYERS].index(layer)
    offenders = [
        f"{module}:{line} imports {target}"
        for module, imports in imports_by_module().items()
        if layer_of(module) == rank
        for line, target in imports
        if any(within(target, library) for library in DISCORD_LIBRARIES)
    ]
    assert offenders == []


def test_only_the_metrics_modules_import_the_metrics_library() -> None:
    """Services report through ports (bot/services/telemetry.py), the store through its observer: what is measured
    is counted in bot/discord_layer/metrics.py and served by bot/discord_layer/monitor.py, nowhere else."""
    offenders = [
        f"{module}:{line} imports {target}"
        for module, imports in imports_by_module().items()
        if module not in ("bot.discord_layer.metrics", "bot.discord_layer.monitor")
        for line, target in imports
        if within(target, "prometheus_client")
    ]
    assert offenders == []


def test_db_never_imports_the_application() -> None:
    offenders = [
        f"{module}:{line} imports {target}"
        for module, imports in imports_by_module().items()
        if within(module, "db")
        for line, target in imports
        if within(target, "bot") or within(target, "cogs")
    ]
    assert offenders == []


def test_i18n_knows_no_service() -> None:
    """The catalogues sit under the services, which name their messages with them: i18n importing a service would be
    an arrow back up. What i18n needs from a service (a name as another language writes it) is registered with it by
    the service (`bot.i18n.spell_names_with`)."""
    offenders = [
        f"{module}:{line} imports {target}"
        for module, imports in imports_by_module().items()
        if within(module, "bot.i18n")
        for line, target in imports
        if within(target, "bot.services")
    ]
    assert offenders == []


DISCORD_LAYER = "bot.discord_layer"


def discord_room(module: str) -> str | None:
    """The room of the Discord layer a module is in: a loose module is its own, a subpackage (ui/) is one room."""
    if not within(module, DISCORD_LAYER) or module == DISCORD_LAYER:
        return None
    return ".".join(module.split(".")[:3])


def room_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of rooms that import each other, directly or through others (strongly connected, more than one)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(room: str) -> None:
        order[room] = low[room] = len(order)
        stack.append(room)
        for other in sorted(edges.get(room, ())):
            if other not in order:
                visit(other)
                low[room] = min(low[room], low[other])
            elif other in stack:
                low[room] = min(low[room], order[other])
        if low[room] == order[room]:
            group = [stack.pop()]
            while group[-1] != room:
                group.append(stack.pop())
            if len(group) > 1:
                cycles.append(sorted(group))

    for room in sorted(edges):
        if room not in order:
            visit(room)
    return cycles


def test_no_import_cycle_between_the_discord_layers_rooms() -> None:
    """The tree imports the UI's error path (ui/errors.py); a UI module importing the tree back would make the two one
    tangle, where a change to either is a change to both. Each loose module of bot/discord_layer/ and each of its
    subpackages is a room; no two rooms import each other, even through a third."""
    edges: dict[str, set[str]] = {}
    for module, imports in imports_by_module().items():
        room = discord_room(module)
        if room is None:
            continue
        for _, target in imports:
            other = discord_room(target)
            if other is not None and other != room:
                edges.setdefault(room, set()).add(other)
    assert "bot.discord_layer.ui" in edges.get("bot.discord_layer.tree", set())  # the walk sees the tree's import
    assert room_cycles(edges) == []


def test_the_cycle_finder_sees_a_cycle_through_a_third_room() -> None:
    edges = {"tree": {"ui"}, "ui": {"checks"}, "checks": {"tree"}, "metrics": {"ui"}}
    assert room_cycles(edges) == [["checks", "tree", "ui"]]
    assert room_cycles({"tree": {"ui"}, "ui": set()}) == []


def test_the_checker_sees_an_upward_import() -> None:
    """The walk itself: an import in a function counts, one under TYPE_CHECKING does not."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from bot.client import SkateBot\n"
        "def later():\n    import cogs.stories\n"
    )
    assert [target for _, target in runtime_imports(tree)] == ["typing", "cogs.stories"]
    assert layer_of("cogs.stories") < layer_of("bot.services.moments")  # type: ignore[operator]


def test_the_bot_starts_without_the_importers() -> None:
    """PDFium, lexbor and the import format cost the bot about 15 MB it needs only while importing a site: they
    are loaded by the first import or live poll, never by the bot's start (its memory target is checked by
    bench/bench_bot.py)."""
    import subprocess
    import sys

    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, importlib, bot.client, cogs\n"
            "for name in cogs.EXTENSIONS: importlib.import_module(name)\n"
            "heavy = ('pypdfium2', 'selectolax', 'msgspec', 'charset_normalizer')\n"
            "print(' '.join(m for m in heavy if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout.split()
    assert loaded == [], f"loaded at start: {loaded}"


def _rooms() -> list[str]:
    """Every package of the code and the data, and every module standing alone in bot/, bot/discord_layer/ and
    bot/services/: the rooms a newcomer must find in docs/ARCHITECTURE.md."""
    packages = [
        path.parent
        for top in ("bot", "cogs", "db", "data")
        for path in (ROOT / top).rglob("*")
        if path.is_file() and path.suffix in {".py", ".json", ".sql"} and "__pycache__" not in path.parts
    ]
    folders = {f"{folder.relative_to(ROOT).as_posix()}/" for folder in packages}
    folders -= {"bot/", "bot/discord_layer/", "bot/services/"}  # their modules are rooms of their own, below
    folders = {f for f in folders if not f.startswith(("bot/sandbox/discord_openapi", "db/migrations/postgresql"))}
    loose = [
        module.relative_to(ROOT).as_posix()
        for folder in ("bot", "bot/discord_layer", "bot/services")
        for module in (ROOT / folder).glob("*.py")
        if module.name != "__init__.py"
    ]
    return sorted(folders) + sorted(loose)


def test_every_room_has_its_line_in_the_architecture_map() -> None:
    """docs/ARCHITECTURE.md's Rooms table names every package and loose module, so a newcomer changing, say, how
    competitions are matched finds the room from the map; a package added without a line fails here."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("## Rooms", 1)[1].split("\n## ", 1)[0]
    named = {line.split("|")[1].strip().strip("`") for line in table.splitlines() if line.startswith("| `")}
    missing = [room for room in _rooms() if room not in named]
    assert not missing, f"rooms without a line in docs/ARCHITECTURE.md's Rooms table: {missing}"


COMPOSED = {"ResultsService", "StoryService", "FactStories", "MomentService", "LiveService", "PredictionService"}


def test_the_services_are_built_in_one_place() -> None:
    """bot/services/compose.py is the composition root: an entry point (the bot, the store's first start, the command
    line) that built a service by hand could miss a subscriber or a setting the others have. Unit tests and benchmarks
    build the one service they measure, with fakes, and are not entry points."""
    builders = sorted(
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for top in ("bot", "cogs", "db")
        for path in (ROOT / top).rglob("*.py")
        if path != ROOT / "bot" / "services" / "compose.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in COMPOSED
    )
    assert not builders, f"services built outside bot/services/compose.py: {builders}"


async def test_the_composition_root_gives_every_service_the_same_instances(store) -> None:
    from bot.services.compose import build_services

    services = build_services(store)
    assert services.stories.results is services.results
    assert services.fact_stories._results is services.results
    assert services.moments.stories is services.stories and services.moments.results is services.results
    assert services.moments.fact_stories is services.fact_stories
    assert services.live.results is services.results
    assert services.predictions.results is services.results and services.predictions.live is services.live


async def test_the_composition_root_gives_the_mod_log_port_to_the_services_that_tell_it(store) -> None:
    from bot.services.compose import build_services
    from bot.services.modlog import NO_MODLOG, NoModLog

    port = NoModLog()
    services = build_services(store, modlog=port)
    assert services.stories.modlog is port and services.stories.settings.modlog is port
    assert build_services(store).stories.modlog is NO_MODLOG  # the command line: no Discord, no mod-log


MODULE_LINES = 600
FUNCTION_LINES = 80
# Still over, each with why; the test below fails when one of them is back within the limits (strike it then).
LARGE_MODULES: dict[str, str] = {}
LONG_FUNCTIONS: dict[str, str] = {}


def _sizes() -> tuple[dict[str, int], dict[str, int]]:
    """(module -> lines, module:function -> lines) of bot/, cogs/ and db/; a method is named by its own name."""
    modules: dict[str, int] = {}
    functions: dict[str, int] = {}
    for path in sources():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        modules[name] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                key = f"{name}:{node.name}"
                functions[key] = max(functions.get(key, 0), (node.end_lineno or node.lineno) - node.lineno + 1)
    return modules, functions


def test_no_module_over_600_lines_and_no_function_over_80() -> None:
    """A module for one use case, a function for one step (issue 30): what is over is named in LARGE_MODULES or
    LONG_FUNCTIONS with why."""
    modules, functions = _sizes()
    large = sorted(f"{m}: {n} lines" for m, n in modules.items() if n > MODULE_LINES and m not in LARGE_MODULES)
    long = sorted(f"{f}: {n} lines" for f, n in functions.items() if n > FUNCTION_LINES and f not in LONG_FUNCTIONS)
    assert large == [], f"modules over {MODULE_LINES} lines: split them by use case"
    assert long == [], f"functions over {FUNCTION_LINES} lines: split them by step"


def test_the_list_of_what_is_still_over_is_not_stale() -> None:
    """A module or function listed as over that is now within the limits (or gone) is struck from the list, so the
    list says what is left to do."""
    modules, functions = _sizes()
    stale = sorted(m for m in LARGE_MODULES if modules.get(m, 0) <= MODULE_LINES)
    stale += sorted(f for f in LONG_FUNCTIONS if functions.get(f, 0) <= FUNCTION_LINES)
    assert stale == [], "within the limits now: strike them from LARGE_MODULES / LONG_FUNCTIONS"
