"""Progress bars: text on stderr, on a terminal only, never a notebook widget."""

import io
import pathlib
import re
import sys

import pytest
from tqdm.std import tqdm as text_tqdm

import pyrabench
from pyrabench.progress import progress_bar, shown


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_none_follows_the_terminal(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert shown(None) is False
    assert progress_bar(range(3)).disable
    monkeypatch.setattr(sys, "stderr", _Terminal())
    assert shown(None) is True
    assert not progress_bar(range(3)).disable


@pytest.mark.parametrize("wanted", [True, False])
def test_explicit_choice_wins(monkeypatch, wanted):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert shown(wanted) is wanted
    assert progress_bar(range(3), wanted=wanted).disable is (not wanted)


def test_a_shown_bar_is_text_on_stderr_and_leaves_no_line(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_bar(total=2, wanted=True, desc="work") as bar:
        assert type(bar) is text_tqdm
        bar.update(2)
    assert "work" in err.getvalue()
    assert err.getvalue().rstrip(" ").endswith("\r")  # leave=False: the line is cleared, not kept


def test_no_module_draws_with_tqdm_auto():
    """tqdm.auto draws an ipywidget in a notebook whatever disable=None says, and the book's
    page then loads the widget's script from a CDN: every bar goes through progress_bar."""
    package = pathlib.Path(pyrabench.__file__).parent
    imports = re.compile(r"^\s*(from|import) tqdm", re.M)
    offenders = [str(p.relative_to(package)) for p in sorted(package.rglob("*.py"))
                 if p.name != "progress.py" and imports.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
