"""What every chapter shows: the sample note, real-data-only text, glued numbers, paths and tables."""

import numpy as np
import pytest
import pandas as pd
from IPython.display import Markdown

from pyrabench.dataroot import ENV_DATA, SAMPLE_ROOT, DataRoot, resolve
from pyrabench.reports import book
from pyrabench.reports.tables import book_table

SAMPLE = DataRoot(SAMPLE_ROOT, is_sample=True)


def test_chapter_note_only_on_the_sample(tmp_path):
    note = book.chapter_note(SAMPLE, data_page="../book/data").data
    assert note.startswith(":::{note}\n") and note.endswith("\n:::")
    assert "**bundled sample data**" in note and f"`{ENV_DATA}`" in note and "{doc}`../book/data`" in note
    assert book.chapter_note(resolve(), data_page="x").data == note.replace("../book/data", "x")
    assert book.chapter_note(DataRoot(tmp_path, is_sample=False)) is None


def test_real_data_only_hides_its_text_on_the_sample(tmp_path):
    real = DataRoot(tmp_path, is_sample=False)
    assert book.real_data_only(real, "Only **real** here.").data == (
        ":::{admonition} On the real data\n:class: note\nOnly **real** here.\n:::")
    assert book.real_data_only(real, "x", title="Beside the paper").data.startswith(":::{admonition} Beside the paper\n")
    assert book.real_data_only(SAMPLE, "Only **real** here.") is None


def test_glue_names_each_value_and_displays_nothing(monkeypatch):
    calls = []
    monkeypatch.setattr(book, "_myst_glue", lambda name, value, display: calls.append((name, value, display)))
    book.glue(pairs=971, share=0.25)
    assert calls == [("pairs", 971, False), ("share", 0.25, False)]


@pytest.mark.parametrize("display", [False, True])
@pytest.mark.parametrize("value", [971, 0.25, "text", pd.DataFrame({"a": [1]}), Markdown("**b**")])
def test_glue_writes_what_myst_nb_writes(monkeypatch, value, display):
    """The glue output is myst-nb's own (its reader finds the value by that MIME type and key)."""
    from myst_nb.ext import glue as myst

    ours, theirs = [], []
    monkeypatch.setattr(book, "_display", lambda *a, **k: ours.append((a, k)))
    monkeypatch.setattr(myst, "ipy_display", lambda *a, **k: theirs.append((a, k)))
    book._myst_glue("name", value, display=display)
    myst.glue("name", value, display=display)
    assert ours == theirs and len(ours) == 1
    assert book.GLUE_PREFIX == myst.GLUE_PREFIX


def test_shown_path_is_relative_to_the_root_or_just_a_name(tmp_path):
    root = DataRoot(tmp_path.resolve(), is_sample=False)
    assert book.shown_path(tmp_path / "duc2006" / "D0601.pyr", root) == "duc2006/D0601.pyr"
    assert book.shown_path(tmp_path, root) == "."
    assert book.shown_path("/somewhere/else/vectors.txt", root) == "vectors.txt"
    assert book.shown_path(SAMPLE_ROOT / "sts" / "2012", SAMPLE) == "sts/2012"


def test_shown_text_names_the_data_root_instead_of_its_path(tmp_path):
    real = DataRoot(tmp_path.resolve(), is_sample=False)
    assert book.shown_text(f"real data root {tmp_path.resolve()}\nscores", real) == f"real data root ${ENV_DATA}\nscores"
    assert book.shown_text(f"bundled sample data ({SAMPLE_ROOT}); set", SAMPLE) == "bundled sample data (pyrabench/sample_data); set"


def test_table_is_the_one_table_rule():
    frame = pd.DataFrame({"pearson": [0.123456, np.nan], "n": [3, 4]}, index=["a", "b"])
    html = book.table(frame).to_html()
    assert book.table is book_table
    assert "0.123" in html and "0.1235" not in html and "—" in html and "nan" not in html.lower()


def test_prose_shows_nothing_when_there_is_nothing_to_say():
    from pyrabench.reports.book import prose

    assert prose("") is None and prose("  \n") is None  # an empty Markdown would print its repr
    assert prose("Adapted on 20 examples.").data == "Adapted on 20 examples."
