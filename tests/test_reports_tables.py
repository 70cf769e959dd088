"""The one number-format rule and the one field→label mapping of the book's tables."""

import numpy as np
import pandas as pd
import pytest

from pyrabench.reports import tables
from pyrabench.reports.tables import book_table, format_interval, label, label_html, number, spec


@pytest.mark.parametrize("value, kind, shown", [
    (82.556, "percent", "82.6"),
    (0.82556, "share", "82.6"),
    (0.88391, "score", "0.884"),
    (0.61084, "sts", "0.6108"),
    (11.8449, "measure", "11.84"),
    (197619, "count", "197,619"),
    (197619.0, "count", "197,619"),
    (0.0004, "p", "< 0.001"),
    (0.001, "p", "0.001"),
    (0.0123, "p", "0.012"),
    (np.nan, "score", "—"),
    (None, "count", "—"),
    (pd.NA, "count", "—"),
    (True, "text", "yes"),
    ("w2v-bow5", "score", "w2v-bow5"),
])
def test_number_by_kind(value, kind, shown):
    assert number(value, kind) == shown


def test_unknown_kind_is_an_error():
    with pytest.raises(ValueError, match="unknown kind"):
        number(0.5, "fraction")
    with pytest.raises(ValueError, match="unknown kind"):
        book_table(pd.DataFrame({"x": [1.0]}), kind="fraction")


def test_spec_matches_number():
    for kind, value in (("percent", 82.556), ("score", 0.88391), ("sts", 0.61084), ("count", 8390.0)):
        assert format(value, spec(kind)) == number(value, kind)
    with pytest.raises(ValueError):
        spec("p")


def test_interval_at_the_metric_precision():
    assert format_interval(0.81234, 0.9, "score") == "[0.812, 0.900]"
    assert format_interval(80.04, 90.06, "percent") == "[80.0, 90.1]"
    assert format_interval(np.nan, 0.9) == "—"


def test_labels_are_words_options_keep_their_names():
    assert label("binary_f1") == "binary F1"
    assert label("ranking_success") == "success (%)"
    assert label("mean_proposition_length") == "mean length (words)"
    assert label("some_new_field") == "some new field"  # never an identifier
    assert label("success rate (%)") == "success rate (%)"
    assert label("min_words") == "min_words" and label_html("min_words") == "<code>min_words</code>"
    assert label_html("a<b") == "a&lt;b"
    assert "negative_min_shared" in tables.OPTIONS and "binary_f1" not in tables.OPTIONS


def test_kind_of_a_column_from_field_label_and_values():
    kind_of = tables.kind_of
    assert kind_of("binary_f1", pd.Series([0.5])) == "score"
    assert kind_of("success rate (%)", pd.Series([50.0])) == "percent"
    assert kind_of("Δ success (points)", pd.Series([-1.0])) == "percent"
    assert kind_of("questions", pd.Series([3.0, 4.0])) == "count"
    assert kind_of("questions", pd.Series([3.5])) == "count"  # the label of a count field
    assert kind_of("asked questions", pd.Series([3.0, 4.0])) == "count"
    assert kind_of("asked questions", pd.Series([3.5])) == "score"
    assert kind_of("anything", pd.Series([3, 4])) == "count"
    assert kind_of("anything", pd.Series([0.5]), default="sts") == "sts"
    assert kind_of("anything", pd.Series(["a"])) == "text"
    assert kind_of("found", pd.Series([True, False])) == "text"
    assert kind_of("p", pd.Series([0.5])) == "p"


def _cells(styler):
    html = styler.to_html()
    head, body = html.split("<tbody>")
    import re
    strip = lambda s: re.sub(r"<[^>]+>", "", s).strip()  # noqa: E731
    headers = [strip(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    cells = [strip(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", body)]
    return html, headers, cells


def test_book_table_labels_formats_and_drops_a_range_index():
    frame = pd.DataFrame({
        "embedding": ["onehot", "random"],
        "binary_f1": [0.88391, np.nan],
        "binary_f1_lo": [0.8, 0.7], "binary_f1_hi": [0.9, 0.95],
        "ranking_success": [82.556, 24.662],
        "positive_pairs": [8390, 197619],
        "p": [0.0004, 0.2],
    })
    styler = book_table(frame)
    html, headers, cells = _cells(styler)
    assert headers == ["embedding", "binary F1", "95 % CI", "success (%)", "positive pairs", "p"]
    assert cells[:6] == ["onehot", "0.884", "[0.800, 0.900]", "82.6", "8,390", "&lt; 0.001"]
    assert cells[6:] == ["random", "—", "[0.700, 0.950]", "24.7", "197,619", "0.200"]
    assert "row_heading" not in html  # no 0, 1 row numbers
    assert styler.data.iloc[0, 1] == "0.884"  # the shown text


def test_several_intervals_are_named_by_metric():
    frame = pd.DataFrame({"pearson": [0.5], "pearson_lo": [0.4], "pearson_hi": [0.6],
                          "kendall": [0.3], "kendall_low": [0.2], "kendall_high": [0.4]})
    _, headers, cells = _cells(book_table(frame))
    assert headers == ["Pearson r", "Pearson r 95 % CI", "Kendall τ", "Kendall τ 95 % CI"]
    assert cells == ["0.500", "[0.400, 0.600]", "0.300", "[0.200, 0.400]"]


def test_sts_kind_and_named_index_and_option_header():
    frame = pd.DataFrame({"ours": [0.61084], "n": [750]}, index=pd.Index(["MSRpar"], name="dataset"))
    _, headers, cells = _cells(book_table(frame, kind="sts"))
    assert headers == ["dataset", "ours", "n"] and cells == ["MSRpar", "0.6108", "750"]
    sweep = pd.DataFrame({"negative_min_shared": [1, 2], "negative_pairs": [10.0, 3.0]})
    html, headers, cells = _cells(book_table(sweep))
    assert "<code>negative_min_shared</code>" in html and headers == ["negative_min_shared", "negative pairs"]
    assert cells == ["1", "10", "2", "3"]


def test_kinds_override_and_multiindex_rows_stay():
    frame = pd.DataFrame({"gold sd": [1.23456]}, index=pd.MultiIndex.from_tuples([("2012", "MSRpar")],
                                                                               names=["year", "dataset"]))
    html, headers, cells = _cells(book_table(frame, kinds={"gold sd": "measure"}))
    assert cells == ["1.23"] and "MSRpar" in html and "year" in headers


def test_footnotes_move_a_long_text_column_under_the_table():
    frame = pd.DataFrame({"embedding": ["a", "b", "c"], "note": ["run x --long", "", "run y"]})
    html, headers, cells = _cells(book_table(frame, footnotes={"note": "note"}))
    assert headers == ["embedding", "note"] and cells == ["a", "1", "b", "", "c", "2"]
    assert "<caption>1. run x --long<br>2. run y</caption>" in html and "caption-side: bottom" in html


def test_wrap_sets_a_width_on_text_columns():
    html = book_table(pd.DataFrame({"text": ["a " * 50]}), wrap=["text"]).to_html()
    assert "max-width: 28em" in html and "white-space: normal" in html


def test_labelled_renames_for_plots():
    frame = pd.DataFrame({"binary_f1": [0.5]}, index=pd.Index(["x"], name="ranking_mrr"))
    out = tables.labelled(frame)
    assert list(out.columns) == ["binary F1"] and out.index.name == "MRR"


def test_transpose_formats_each_row_by_its_field():
    frame = pd.DataFrame({"positive_pairs": [8390, 12], "binary_f1": [0.88391, 0.5]},
                         index=pd.Index(["duc2006", "duc2007"], name="corpus"))
    html, headers, cells = _cells(book_table(frame, transpose=True))
    assert "positive pairs" in html and "binary F1" in html and "positive_pairs" not in html
    assert cells == ["8,390", "12", "0.884", "0.500"]
    assert headers[-2:] == ["duc2006", "duc2007"]


def test_a_series_and_row_headings_are_labelled():
    series = pd.Series({"mean_proposition_length": 11.844, "min_words": 3}, name="value")
    html = book_table(series, kinds={"value": "measure"}).to_html()
    assert "mean length (words)" in html and "<code>min_words</code>" in html and "11.84" in html


def test_book_tables_splits_by_top_level_key_and_keeps_a_flat_frame_whole():
    wide = pd.DataFrame([[0.5, 0.25, 0.75, 0.125]], columns=pd.MultiIndex.from_product([["duc2006", "duc2007"],
                                                                                         ["pearson", "kendall"]]))
    html = tables.book_tables(wide).data
    assert html.count("<table") == 2 and "duc2006" in html and "duc2007" in html
    flat = pd.DataFrame({"fitted on": ["duc2006"], "F1": [0.5], "ECE": [0.01]})
    got = tables.book_tables(flat)
    assert got.to_html().count("<table") == 1 and "F1" in got.to_html()


def test_column_groups_put_a_title_over_each_group_and_keep_the_index():
    flat = pd.DataFrame({"name": ["a", "b"], "P": [0.5, 0.6], "R": [0.4, 0.3], "r": [0.9, 0.8]})
    got = tables.column_groups(flat, ["name"], {"sets": ["P", "R", "absent"], "systems": ["r"], "none": ["x"]})
    assert got.columns.tolist() == [("sets", "P"), ("sets", "R"), ("systems", "r")]
    assert got.index.tolist() == ["a", "b"] and got[("systems", "r")].tolist() == [0.9, 0.8]
    assert tables.book_tables(got).data.count("<table") == 2
