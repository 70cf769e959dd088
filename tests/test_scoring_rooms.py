"""The automated scorer's rooms import one way: the 2013 recipe → the calibrated SCU model → the
studies of it and the command for a user's summaries (``pyrabench/scoring/__init__.py``). Read from
the source (every import, at the top of a module or inside a function), so a lazy import that
breaks the rule fails too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pyrabench.scoring

SCORING = Path(pyrabench.scoring.__file__).parent
ROOMS = ("recipe2013", "scu_model", "studies", "own")
#: What each room may not import: anything downstream of it, or a sibling.
FORBIDDEN = {"recipe2013": {"scu_model", "studies", "own"}, "scu_model": {"studies", "own"},
             "studies": {"own"}, "own": {"studies"}}


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports, as absolute dotted names (relative imports resolved against
    ``package``; ``from X import a`` counts both ``X`` and ``X.a``)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def room_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if parts[:2] == ["pyrabench", "scoring"] and len(parts) > 2 and parts[2] in ROOMS else None


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_nothing_downstream(room):
    files = sorted((SCORING / room).glob("*.py"))
    assert files, room
    for f in files:
        package = f"pyrabench.scoring.{room}"
        bad = {m for m in imported_modules(f, package) if room_of(m) in FORBIDDEN[room]}
        assert not bad, f"{f.name} imports {sorted(bad)}"


def test_the_check_reads_relative_and_lazy_imports(tmp_path):
    """The rule's reader resolves what a breach would look like."""
    f = tmp_path / "m.py"
    f.write_text("def g():\n    from ..studies import levers\nfrom ...data import model\nfrom .x import y\n")
    got = imported_modules(f, "pyrabench.scoring.scu_model")
    assert {"pyrabench.scoring.studies.levers", "pyrabench.data.model", "pyrabench.scoring.scu_model.x.y"} <= got
    assert room_of("pyrabench.scoring.studies.levers") == "studies" and room_of("pyrabench.scoring.manual") is None
