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
    assert sorted(p.name for p in shots.glob("*.png")) == ["index.png", "other.png"]
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
