"""tools/mutation.py's changed-only mode: which functions a ``git diff`` changes (its hunks
mapped to the functions' lines, and the functions that read a module-level name a hunk binds),
named as mutmut names their mutants; and the record merged per module."""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "mutation.py"
_spec = importlib.util.spec_from_file_location("mutation_tool", TOOL)
mutation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation)

BEFORE = '''LIMIT = 3
from math import sqrt


def reads_limit(x):
    return min(x, LIMIT)


def edited(x):
    return x + 1


@staticmethod
def decorated(x):
    y = x
    return y


def untouched(x):
    return sqrt(x)


class Box:
    size = 2

    def area(self):
        return self.size ** 2
'''
AFTER = (BEFORE.replace("LIMIT = 3", "LIMIT = 4").replace("return x + 1", "return x + 2")
         .replace("    y = x\n", "").replace("size = 2", "size = 5"))


def _git(root, *args):
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def test_changed_functions_from_the_diff(tmp_path, monkeypatch):
    _git(tmp_path, "init", "-q")
    (tmp_path / "m.py").write_text(BEFORE)
    _git(tmp_path, "add", "m.py")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    base = subprocess.run(["git", "rev-parse", "HEAD"], cwd=tmp_path, capture_output=True, text=True).stdout.strip()
    assert mutation.changed_functions("m.py", base) == []
    (tmp_path / "m.py").write_text(AFTER)
    # the constant's readers, the edited body, a deleted line, the class attribute's methods; not `untouched`
    assert mutation.changed_functions("m.py", base) == sorted(
        ["x_reads_limit", "x_edited", "x_decorated", "xǁBoxǁarea"])
    # only an import changed: the functions that use the imported name
    (tmp_path / "m.py").write_text(BEFORE.replace("from math import sqrt", "from cmath import sqrt"))
    assert mutation.changed_functions("m.py", base) == ["x_untouched"]
    spans = mutation.functions(BEFORE)
    assert spans["x_decorated"][:2] == (13, 16)  # from its decorator to its last line


def test_the_record_is_merged_per_module(tmp_path, monkeypatch):
    monkeypatch.setattr(mutation, "RECORD", tmp_path / "record.json")
    monkeypatch.setattr(mutation, "core_modules", lambda: ["a.py", "b.py"])
    mutation.write_record({"a.py": {"killed": 9, "total": 10, "commit": "c1"}})
    mutation.write_record({"b.py": {"killed": 1, "total": 1, "commit": "c2"}})
    record = json.loads((tmp_path / "record.json").read_text())
    assert record["a.py"] == {"killed": 9, "total": 10, "commit": "c1"} and record["b.py"]["commit"] == "c2"
    monkeypatch.setattr(mutation, "core_modules", lambda: ["a.py", "b.py", "c.py"])
    mutation.write_record({})
    assert json.loads((tmp_path / "record.json").read_text())["c.py"]["measured"] is False
