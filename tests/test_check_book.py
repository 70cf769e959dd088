"""The book checker (tools/check_book.py) on tiny hand-written pages: each rule catches its problem
and a clean page passes. The browser tests run only where Chromium and playwright are installed
(`make browser`, the `check` extra); the rules themselves need neither."""

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "check_book.py"
_spec = importlib.util.spec_from_file_location("check_book", TOOL)
check_book = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_book)

CLEAN = """<html><body><main id="top">
<h1 id="intro">Intro</h1>
<p>Some NaNs were dropped; a banana is no nan. See <a href="#intro">above</a>,
<a href="other.html#part">the other page</a> and <a href="https://example.org/x">elsewhere</a>.</p>
<p>Inline math <span class="math notranslate nohighlight">\\(\\frac{a}{b}\\)</span> is typeset.</p>
<div class="cell"><div class="cell_input"><pre>x = float("nan")  # $$ \\frac{1}{2}</pre></div>
<div class="cell_output"><div class="output text_plain"><pre>mean 0.5</pre></div></div></div>
<p>Run <code>pyrabench stats $DIR_x$</code>.</p>
<table><tr><th>name</th><th>score</th></tr><tr><td>glove</td><td>—</td></tr></table>
<img src="fig.png" alt="a figure">
</main></body></html>
"""
OTHER = '<html><body><h2 id="part">Part</h2></body></html>'
# A 1x1 PNG, so that the clean page's image loads in the browser.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)


def write_book(tmp_path, **pages):
    html = tmp_path / "_build" / "html"
    html.mkdir(parents=True)
    (html / "index.html").write_text(CLEAN, encoding="utf-8")
    (html / "other.html").write_text(OTHER, encoding="utf-8")
    (html / "fig.png").write_bytes(PNG)
    for name, text in pages.items():
        (html / f"{name}.html").write_text(text, encoding="utf-8")
    return html


def reasons(html, page):
    return [p.reason for p in check_book.static_problems(html) if p.page == f"{page}.html"]


def page_with(body):
    return f"<html><body>{body}</body></html>"


def test_a_clean_page_passes(tmp_path):
    html = write_book(tmp_path)
    assert check_book.static_problems(html) == []


def test_stderr_block_is_reported_with_its_text(tmp_path):
    stderr = '<div class="cell_output"><div class="output stderr"><pre>TqdmWarning: IProgress not found</pre></div></div>'
    html = write_book(tmp_path, warn=page_with(stderr))
    assert reasons(html, "warn") == ["stderr output: 'TqdmWarning: IProgress not found'"]


def test_a_notebook_widget_is_reported(tmp_path):
    """What MyST-NB writes for a tqdm.auto bar drawn in a kernel: a widget view whose manager
    script would come from a CDN."""
    widget = ('<div class="cell_output"><script type="application/vnd.jupyter.widget-view+json">'
              '{"model_id": "8b96", "version_major": 2}</script></div>')
    html = write_book(tmp_path, bar=page_with(widget))
    assert len(reasons(html, "bar")) == 1
    assert reasons(html, "bar")[0].startswith("notebook widget")


def test_a_citation_without_a_bibliography_link_is_unresolved(tmp_path):
    cited = ('<p><span class="bibtex-citation" id="id1">Baumel <em>et al.</em> '
             '(<a class="reference internal" href="other.html#part">2016</a>)</span> and '
             '<span class="bibtex-citation" id="id2">()</span>.</p>')
    html = write_book(tmp_path, cites=page_with(cited))
    assert reasons(html, "cites") == ["unresolved citation '()' (a key missing from book/references.bib)"]


def test_broken_links_missing_file_anchor_and_outside(tmp_path):
    links = '<a href="gone.html">a</a> <a href="other.html#nowhere">b</a> <a href="#missing">c</a> <a href="../../x.html">d</a>'
    html = write_book(tmp_path, links=page_with(links))
    found = reasons(html, "links")
    assert "broken link 'gone.html': no file gone.html" in found
    assert "broken link 'other.html#nowhere': no anchor #nowhere" in found
    assert "broken link '#missing': no anchor #missing" in found
    assert "broken link '../../x.html': outside the book" in found
    assert len(found) == 4


def test_nan_cells_and_nan_tokens_in_outputs(tmp_path):
    table = "<table><tr><td>glove</td><td>NaN</td><td>&lt;NA&gt;</td></tr></table>"
    output = '<div class="cell_output"><pre>r = nan, NaNs dropped</pre></div>'
    glued = '<p>Accuracy is <span class="pasted-text">NaN</span> here.</p>'
    html = write_book(tmp_path, nan=page_with(table + output + glued))
    found = reasons(html, "nan")
    assert found[0].startswith("2 NaN table cell(s) <NA>/NaN in row 'glove | NaN | <NA>'")
    assert sum("NaN in output" in r for r in found) == 2  # 'nan' in the output and the glued NaN
    assert len(found) == 3


def test_nan_in_prose_is_not_flagged(tmp_path):
    html = write_book(tmp_path, prose=page_with("<p>Pandas writes NaN for a missing value; NaNs are dropped.</p>"))
    assert reasons(html, "prose") == []


@pytest.mark.parametrize("tex", ["$$x^2$$", r"\frac{1}{2}", r"\begin{align}", r"$E[r^2]$", r"\(x\)"])
def test_raw_tex_in_prose_is_flagged(tmp_path, tex):
    html = write_book(tmp_path, tex=page_with(f"<p>As shown, {tex} holds.</p>"))
    found = reasons(html, "tex")
    assert found and all(r.startswith("raw TeX") for r in found)


def test_traceback_is_flagged(tmp_path):
    tb = '<div class="cell_output"><pre>Traceback (most recent call last):\n  File "x"</pre></div>'
    html = write_book(tmp_path, tb=page_with(tb))
    assert [r.split(":")[0] for r in reasons(html, "tb")] == ["visible 'Traceback'"]


def test_missing_image_and_broken_redirect(tmp_path):
    html = write_book(
        tmp_path,
        img=page_with('<img src="_images/gone.png">'),
        redirect='<meta http-equiv="Refresh" content="0; url=book/none.html" />',
    )
    assert reasons(html, "img") == ["missing image '_images/gone.png'"]
    assert reasons(html, "redirect") == ["broken redirect to 'book/none.html'"]


def test_absolute_path_of_the_build_machine(tmp_path):
    """The project folder is the parent of _build: a page quoting it shows where it was built."""
    html = write_book(tmp_path, path=page_with(f"<p>data in {tmp_path}/data</p>"))
    found = reasons(html, "path")
    assert len(found) == 1 and found[0].startswith("absolute path of the build machine")


# --- the browser layer ---------------------------------------------------------------------------

CHROMIUM = check_book.find_chromium()
needs_browser = pytest.mark.skipif(
    CHROMIUM is None or importlib.util.find_spec("playwright") is None,
    reason="needs Debian's chromium (`make browser`) and playwright (the `check` extra)",
)


@needs_browser
def test_browser_passes_a_clean_book_and_saves_screenshots(tmp_path):
    """With the book's offline MathJax (sphinx-mathjax-offline) the formula is typeset."""
    spec = importlib.util.find_spec("sphinx-mathjax-offline")
    if spec is None:
        pytest.skip("needs sphinx-mathjax-offline (the `book` extra)")
    html = write_book(tmp_path)
    (html / "_static").mkdir()
    (html / "_static" / "mathjax").symlink_to(Path(spec.origin).parent / "static" / "mathjax")
    page = CLEAN.replace("<html>", '<html><head><script defer src="_static/mathjax/tex-chtml.js"></script></head>')
    (html / "index.html").write_text(page, encoding="utf-8")
    shots = tmp_path / "_build" / "screenshots"
    assert check_book.browser_problems(html, shots, CHROMIUM) == []
    assert sorted(p.name for p in shots.glob("*.png")) == ["index-800px.png", "index.png", "other-800px.png", "other.png"]
    assert (shots / "index.png").read_bytes()[:8] == PNG[:8]


@needs_browser
def test_browser_reports_console_errors_broken_images_and_network(tmp_path):
    html = write_book(
        tmp_path,
        bad=page_with(
            '<img src="broken.png"><img src="http://127.0.0.1:9/remote.png">'
            "<script>console.error('boom')</script>"
            '<span class="math">\\(x\\)</span>'
        ),
    )
    (html / "broken.png").write_bytes(b"not a png")
    found = [p.reason for p in check_book.browser_problems(html, tmp_path / "shots", CHROMIUM) if p.page == "bad.html"]
    assert "image did not load: 'broken.png'" in found
    assert "image did not load: 'http://127.0.0.1:9/remote.png'" in found
    assert "network request (blocked): http://127.0.0.1:9/remote.png" in found
    assert "console error: boom" in found
    assert "math not typeset: '\\\\(x\\\\)'" in found


@needs_browser
def test_browser_reports_a_page_that_never_settles_instead_of_failing(tmp_path, monkeypatch):
    """A page whose typesetting never ends (a busy machine, a broken script) is a problem with a
    reason, not a traceback that stops the check of the other pages."""
    monkeypatch.setattr(check_book, "PAGE_TIMEOUT_S", 2)
    html = write_book(tmp_path, a_stuck=page_with("<script>window.MathJax = {startup: {promise: new Promise(() => {})}};"
                                                  "</script><p>waiting</p>"))
    found = check_book.browser_problems(html, tmp_path / "shots", CHROMIUM)
    stuck = [p.reason for p in found if p.page == "a_stuck.html"]
    assert len(stuck) == 2 and all(r.startswith("did not load, typeset and settle within 2 s") for r in stuck)
    assert (tmp_path / "shots" / "index.png").exists()  # the pages after it were checked


def test_cli_exit_codes(tmp_path, capsys):
    html = write_book(tmp_path)
    assert check_book.main([str(html), "--static-only"]) == 0
    write_book(tmp_path / "bad", warn=page_with('<div class="stderr">oops</div>'))
    assert check_book.main([str(tmp_path / "bad" / "_build" / "html"), "--static-only"]) == 1
    assert "warn.html: stderr output: 'oops'" in capsys.readouterr().out
    assert check_book.main([str(tmp_path / "nothing"), "--static-only"]) == 2



def test_an_object_repr_instead_of_its_content_is_reported(tmp_path):
    out = ('<div class="cell_output"><div class="output text_plain"><pre>&lt;IPython.core.display.Markdown object&gt;'
           '</pre></div></div>')
    fig = '<div class="cell_output"><div class="output text_plain"><pre>&lt;Figure size 640x480 with 1 Axes&gt;</pre></div></div>'
    html = write_book(tmp_path, md=page_with(out), fig=page_with(fig))
    assert reasons(html, "md") == ["object repr instead of content: '<IPython.core.display.Markdown object>'"]
    assert reasons(html, "fig") == ["object repr instead of content: '<Figure size 640x480 with 1 Axes>'"]


def test_identifier_headers_fail_unless_an_option_in_code_font(tmp_path):
    table = ("<table><thead><tr><th>binary_f1</th><th>binary F1</th><th><code>min_words</code></th>"
             "<th>negative_min_shared</th><th><code>pearson_lo</code></th><th>glove-6b-50d</th></tr></thead>"
             "<tbody><tr><th>scu_id</th><td>0.5</td><td>3</td><td>2</td><td>0.4</td><td>x</td></tr></tbody></table>")
    html = write_book(tmp_path, heads=page_with(table))
    assert sorted(reasons(html, "heads")) == sorted([
        "identifier-style header 'binary_f1' (label it in pyrabench.reports.tables.FIELDS)",
        "option name 'negative_min_shared' as a header is not in code font",
        "identifier-style header 'pearson_lo' in code font is not an option name",
        "identifier-style header 'scu_id' (label it in pyrabench.reports.tables.FIELDS)",
    ])


def test_a_count_shown_with_decimals_is_flagged(tmp_path):
    def table(header, values):
        rows = "".join(f"<tr><td>{v}</td></tr>" for v in values)
        return f"<table><thead><tr><th>{header}</th></tr></thead><tbody>{rows}</tbody></table>"
    html = write_book(tmp_path, counts=page_with(
        table("pairs", ["8,390.00"]) + table("topics", ["12", "1,250"]) + table("x", ["1.0", "2.0", "5.0"])
        + table("A", ["8.0000", "8.0000"]) + table("mean", ["1.0", "1.0", "1.0"]) + table("success (%)", ["50.0", "25.0", "100.0"])
        + table("F", ["0.000", "0.000"]) + table("MRR", ["0.884", "1.000", "2.000"])))
    assert reasons(html, "counts") == ["count shown with decimals in column 'pairs': 8,390.00",
                                       "count shown with decimals in column 'x': 1.0, 2.0, 5.0"]


def test_labelled_book_tables_pass_the_table_rules(tmp_path):
    import pandas as pd

    from pyrabench.reports.tables import book_table

    frame = pd.DataFrame({"negative_min_shared": [1, 2, 3], "negative_pairs": [12000.0, 3400.0, 10.0],
                          "binary_f1": [0.5, 0.6, 0.7], "binary_f1_lo": [0.4, 0.5, 0.6], "binary_f1_hi": [0.6, 0.7, 0.8]})
    html = write_book(tmp_path, ok=page_with(book_table(frame).to_html()), raw=page_with(frame.to_html()))
    assert reasons(html, "ok") == []
    raw = reasons(html, "raw")
    assert "count shown with decimals in column 'negative_pairs': 12000.0, 3400.0, 10.0" in raw
    assert len([r for r in raw if r.startswith("identifier-style header")]) == 4


WIDE = ('<html><head><style>body {{ margin: 0 }} article {{ width: 600px; }} pre {{ overflow-x: auto; }}'
        '</style></head><body><article class="bd-article">{}</article></body></html>')


@needs_browser
def test_browser_fails_a_table_or_figure_wider_than_its_column_and_reports_listings(tmp_path):
    wide_table = '<div style="overflow-x: auto"><table><tr><td style="min-width: 900px">wide</td></tr></table></div>'
    narrow_table = '<table><tr><td style="width: 300px">narrow</td></tr></table>'
    wide_image = '<img src="fig.png" style="width: 700px" alt="a wide figure">'
    listing = '<div class="cell_input"><pre>' + "x = 1 + " * 200 + "</pre></div>"
    printed = '<div class="cell_output"><pre>' + "word " * 10 + "a" * 400 + "</pre></div>"
    html = write_book(tmp_path, wide=WIDE.format(wide_table + wide_image + listing + printed),
                      narrow=WIDE.format(narrow_table))
    found = [p for p in check_book.browser_problems(html, tmp_path / "shots", CHROMIUM) if p.page != "index.html"]
    assert {p.page for p in found} == {"wide.html"}
    failing = sorted(p.reason for p in found if p.fails)
    assert failing == ["figure wider than its column at 1280 px: 'a wide figure'",
                       "figure wider than its column at 800 px: 'a wide figure'",
                       "table wider than its column at 1280 px: 'wide'",
                       "table wider than its column at 800 px: 'wide'"]
    reported = sorted(p.reason.split(":")[0] for p in found if not p.fails)
    assert reported == ["code cell wider than its column at 1280 px", "code cell wider than its column at 800 px",
                        "printed text wider than its column at 1280 px", "printed text wider than its column at 800 px"]
    assert "(reported, not failing)" in str(next(p for p in found if not p.fails))
