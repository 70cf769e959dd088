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


def _commit(root, message="c"):
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", message)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()


def test_check_fails_on_a_changed_module_only_and_names_the_command(tmp_path, monkeypatch, capsys):
    _git(tmp_path, "init", "-q")
    (tmp_path / "m.py").write_text(BEFORE)
    (tmp_path / "n.py").write_text(BEFORE)
    measured = _commit(tmp_path)
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "RECORD", tmp_path / "record.json")
    monkeypatch.setattr(mutation, "core_modules", lambda: ["m.py", "n.py", "new.py"])
    mutation.write_record({p: {"killed": 9, "total": 10, "commit": measured} for p in ("m.py", "n.py")})
    assert mutation.check(mutation.core_modules()) == 0
    out = capsys.readouterr().out
    assert "not measured (1, not a failure): new.py" in out and "current for the 2 measured" in out
    # a comment, a docstring and the layout changed, committed: not a change of code
    commented = BEFORE.replace("def edited(x):\n", 'def edited(x):  # one more\n    """Add one."""\n')
    (tmp_path / "m.py").write_text('"""A module."""\n' + commented.replace("min(x, LIMIT)", "min(x,  LIMIT)"))
    _commit(tmp_path)
    assert mutation.check(mutation.core_modules()) == 0
    capsys.readouterr()
    # a change of code, in the working tree: m.py is named with the command; n.py is not
    (tmp_path / "m.py").write_text(AFTER)
    assert mutation.check(mutation.core_modules()) == 1
    out = capsys.readouterr().out
    assert f"m.py: its code changed since {measured[:10]}" in out and "n.py:" not in out
    assert 'make mutation-changed MODULES="m.py"' in out
    # re-measured (the entry renewed with this code's fingerprint): clear, committed or not
    mutation.write_record({"m.py": {"killed": 9, "total": 10, "commit": measured, "uncommitted": True,
                                    "code": mutation.code_fingerprint(AFTER)}})
    assert mutation.check(mutation.core_modules()) == 0
    # an entry measured at a commit this clone lacks cannot be checked: a failure that says why
    mutation.write_record({"n.py": {"killed": 9, "total": 10, "commit": "0" * 40}})
    assert mutation.check(mutation.core_modules()) == 1
    assert "n.py: its commit 0000000000 is not in this clone" in capsys.readouterr().out


def test_a_partial_rerun_replaces_its_functions_figures_in_the_record():
    old = {"functions": {"x_edited": [3, 4, 1], "x_untouched": [5, 5, 0], "x_gone": [1, 2, 0]}}
    rerun = {"functions": {"x_edited": [6, 6, 0]}}
    source = "def edited(x):\n    return x + 2\n\n\ndef untouched(x):\n    return x\n\n\ndef rewritten(x):\n    pass\n"
    got = mutation.merged_entry(old, rerun, ["x_edited", "x_rewritten"], source)
    # x_edited's 3/4 replaced by 6/6, x_untouched's 5/5 kept, x_gone (no longer there) dropped:
    # 11 killed of 11; x_rewritten, rerun with no mutant, adds none
    assert got["functions"] == {"x_edited": [6, 6, 0], "x_untouched": [5, 5, 0]}
    assert [got[k] for k in ("killed", "total", "survived", "equivalent", "killed_fraction")] == [11, 11, 0, 0, 1.0]
    assert mutation.merged_entry({"killed": 1, "total": 1}, rerun, ["x_edited"], source) is None


def test_mutants_counted_per_function():
    status = {"p.m.x_f__mutmut_1": "killed", "p.m.x_f__mutmut_2": "survived", "p.m.xǁBoxǁarea__mutmut_1": "timeout"}
    assert mutation.by_function(status, {"p.m.x_f__mutmut_2"}) == {"x_f": [1, 2, 1], "xǁBoxǁarea": [1, 1, 0]}


def test_ci_checks_the_mutation_record_after_the_suite():
    lines = [ln.split("#")[0].strip() for ln in (TOOL.parent.parent / ".ci" / "run").read_text().splitlines()]
    assert lines.index("make mutation-check") > next(i for i, ln in enumerate(lines) if ln.startswith("make test "))
