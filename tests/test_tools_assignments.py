"""tools/assignments.py: what counts as a solution, where leaks are found, what students get.

Grading the notebooks end to end is ``make assignments`` (it runs a kernel per notebook); these
tests cover the parts that decide whether a solution could reach a student.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("tools_assignments", ROOT / "tools" / "assignments.py")
assignments = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = assignments  # dataclasses look their module up there
_spec.loader.exec_module(assignments)

SOURCE = '''---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# Toy

```{raw-cell}
# ASSIGNMENT CONFIG
name: toy
init_cell: false
generate: true
run_tests: false
tests:
  ok_format: false
```

```{raw-cell}
# BEGIN QUESTION
name: q1
```

Write `double(x)`; the answer is shown to nobody.

```{raw-cell}
# BEGIN SOLUTION
```

```{code-cell} ipython3
def double(x):
    # BEGIN SOLUTION
    from collections import OrderedDict
    # the doubling itself, as a comment
    result_of_doubling = x * 2
    return result_of_doubling
    # END SOLUTION


answer_value = double(21)  # SOLUTION
shown_to_everyone = answer_value
```

```{raw-cell}
# END SOLUTION
```

```{raw-cell}
# BEGIN TESTS
```

```{code-cell} ipython3
def test_public(double):
    assert double(2) == 4

test_public(double)
```

```{code-cell} ipython3
# HIDDEN
def test_hidden(double):
    assert double(-7) == -14, "secret hidden expectation"

test_hidden(double)
```

```{raw-cell}
# END TESTS
```

```{raw-cell}
# END QUESTION
```

```{raw-cell}
# BEGIN QUESTION
name: q2
manual: true
```

Explain.

```{raw-cell}
# BEGIN SOLUTION
```

The model answer explains everything in this sentence.

```{raw-cell}
# END SOLUTION
```

```{raw-cell}
# END QUESTION
```
'''


@pytest.fixture
def toy(tmp_path):
    path = tmp_path / "toy.md"
    path.write_text(SOURCE, encoding="utf-8")
    return path


def test_secrets_are_solution_lines_written_answers_and_hidden_tests(toy):
    found = assignments.secrets(assignments.read_master(toy))
    assert found.questions == ["q1", "q2"]
    assert found.hidden_tests == 1
    assert "result_of_doubling = x * 2" in found.solution
    assert "answer_value = double(21)" in found.solution  # the part before "# SOLUTION"
    assert "The model answer explains everything in this sentence." in found.solution
    assert 'assert double(-7) == -14, "secret hidden expectation"' in found.hidden
    # shown to students anyway, or too short to mean anything
    assert "shown_to_everyone = answer_value" not in found.fragments
    assert "def double(x):" not in found.fragments
    assert "Explain." not in found.fragments
    assert "from collections import OrderedDict" not in found.fragments  # in any notebook: no leak
    assert "# the doubling itself, as a comment" not in found.fragments


def test_leaks_are_found_in_cells_metadata_and_rendered_pages(tmp_path):
    fragments = {"result_of_doubling = x * 2"}
    clean = {"cells": [{"cell_type": "code", "source": ["def double(x):\n", "    ...\n"]}], "metadata": {}}
    (tmp_path / "clean.ipynb").write_text(json.dumps(clean))
    assert assignments.leaks(tmp_path / "clean.ipynb", fragments) == []

    in_metadata = {"cells": [], "metadata": {"otter": {"tests": {"q1": "x\n    result_of_doubling  =  x * 2\n"}}}}
    (tmp_path / "meta.ipynb").write_text(json.dumps(in_metadata))
    assert assignments.leaks(tmp_path / "meta.ipynb", fragments) == ["solution line 'result_of_doubling = x * 2'"]

    page = '<pre><span class="n">result_of_doubling</span> <span class="o">=</span> <span class="n">x</span> * 2\n</pre>'
    (tmp_path / "page.html").write_text(page)
    assert assignments.leaks(tmp_path / "page.html", fragments)

    (tmp_path / "marker.ipynb").write_text(json.dumps({"cells": [{"cell_type": "raw", "source": "# HIDDEN\n"}]}))
    assert assignments.leaks(tmp_path / "marker.ipynb", set()) == ["marker '# HIDDEN'"]


def test_every_assignment_source_has_hidden_checks_and_named_questions():
    sources = assignments.sources()
    assert [s.stem for s in sources] == ["a1_pyramid_scores", "a2_sentence_embeddings", "a3_sts_leaderboard",
                                        "a4_own_summary"]
    for source in sources:
        found = assignments.secrets(assignments.read_master(source))
        assert found.hidden_tests >= 1, source.stem
        assert found.questions and "?" not in found.questions, source.stem
        assert len(found.solution) >= 10, source.stem


def test_grading_image_config_adds_the_wheel(toy, tmp_path):
    wheel = tmp_path / "pyrabench-0.1.0-py3-none-any.whl"
    master = assignments.with_grading_image(assignments.read_master(toy), wheel)
    config = next(c.source for c in master.cells if c.cell_type == "raw" and "ASSIGNMENT CONFIG" in c.source)
    assert "autograder_files:\n- pyrabench-0.1.0-py3-none-any.whl" in config
    assert "pyrabench[glove] @ file:///autograder/source/files/pyrabench-0.1.0-py3-none-any.whl" in config


def test_student_versions_hold_no_solution(tmp_path):
    pytest.importorskip("otter")
    import nbformat

    for source in assignments.sources():
        secret = assignments.secrets(assignments.read_master(source))
        made = assignments.assign(source, tmp_path)
        student = nbformat.read(made.student, as_version=4)
        assert student.cells[0].cell_type == "markdown" and student.cells[0].source.startswith("# Assignment")
        shown = "\n".join(student.metadata["otter"]["tests"].values())
        assert "hidden=True" not in shown and "hidden=False" in shown, source.stem
        for path in assignments.student_files(made.student.parent):
            assert assignments.leaks(path, secret.fragments) == [], path
        page = tmp_path / "page.ipynb"
        nbformat.write(assignments.book_page(student), page)
        assert assignments.leaks(page, secret.fragments) == []
        assert json.loads(page.read_text())["metadata"]["mystnb"] == {"execution_mode": "off"}
        solved = nbformat.read(made.solution, as_version=4)
        assert "hidden=True" in "\n".join(solved.metadata["otter"]["tests"].values())
