"""Check every page of the built book the way a reader sees it; exit 1 listing each problem.

Usage: ``python tools/check_book.py [HTML_DIR] [--screenshots DIR] [--static-only]``
(``make check-book``; HTML_DIR defaults to ``_build/html``).

Two layers, so that the rules can be unit-tested without a browser:

* Static checks parse each page's HTML file with lxml (what is published is what is checked):
  stderr blocks, tracebacks, NaN values, raw TeX, absolute paths of the build machine, broken
  internal links and redirects, and missing local images.
* Browser checks open each page in headless Chromium (Debian's ``chromium``, driven by playwright
  through ``executable_path``; the network is blocked, only ``file:`` requests go through) and
  report console errors, uncaught exceptions, network requests, images that did not load
  (``naturalWidth == 0``) and formulas MathJax did not typeset. They save one full-page
  screenshot per page under ``_build/screenshots/`` (``notebooks/04_sts.html`` →
  ``notebooks/04_sts.png``).

Text rules (applied to the text a reader sees, i.e. outside ``<script>``/``<style>``, source
listings of code cells, literal blocks and inline code; cell *outputs* are checked):

* Traceback: the word ``Traceback`` anywhere, or an element of class ``traceback``.
* NaN: a missing value shown as a value. Flagged are a table cell (``td``/``th``) whose whole text
  is ``NaN``, ``nan``, ``NaT``, ``<NA>`` or ``None``, and inside cell outputs and glued values
  (``{glue:}``, ``{glue}``; tables aside) the standalone tokens ``NaN``, ``nan``, ``NaT`` and ``<NA>`` (not part of a
  longer word: "NaNs" or "banana" are not flagged). Prose is never searched for NaN, so a
  sentence may talk about NaNs.
* Raw TeX: outside math elements (``.math``, which MathJax typesets; the browser check makes sure
  it did), any ``$$``, ``\\(``, ``\\)``, ``\\[``, ``\\]``, a TeX command followed by a brace
  (``\\frac{``, ``\\begin{``, ``\\mathrm{``), or a ``$…$`` span containing ``\\``, ``^`` or
  ``_`` (inline math that was not parsed).
* stderr: an element of class ``stderr`` (MyST-NB's ``div.output.stderr``), quoted.
* A notebook widget (an ipywidget, e.g. a ``tqdm.auto`` bar): its view script, which loads the
  widget manager from a CDN the offline reader cannot reach.
* An object's repr instead of its content, e.g. ``<IPython.core.display.Markdown object>`` or
  ``<Figure size 640x480 with 1 Axes>`` in a cell output (what a page shows when a display object
  has nothing to render in the formats the book keeps).
* Absolute paths of the build machine: the project folder (the parent of ``_build``), the Python
  environment, the home folder and ``$PYRABENCH_DATA``/``$PYRABENCH_CACHE``/``$PYRABENCH_VECTORS``
  (pages should show paths relative to the data root).
* Broken internal link: an ``<a href>`` without a scheme whose file is missing from the HTML
  folder (or lies outside it), or whose ``#anchor`` is no ``id``/``name`` in the target page.
* Unresolved citation: a ``{cite:t}``/``{cite:p}`` whose key is not in book/references.bib.
  sphinxcontrib-bibtex warns (an error under ``-W``) and prints an empty "()" with no link to
  the bibliography; a citation without a link is reported, so the check also holds without ``-W``.

Table rules (static; every ``th`` of every table, column headers and row headings alike):

* Identifier header: a header that reads like a Python identifier (``binary_f1``,
  ``pearson_lo``: words joined by ``_``) and is not an option the reader types
  (``pyrabench.reports.tables.OPTIONS``, e.g. ``min_words``); an option name as a header must be
  in code font. Labels come from ``pyrabench.reports.tables.FIELDS`` (``book_table``).
* A count shown with decimals: a column (by its header) whose numbers are all whole but written
  with decimals (``12.00``), and either three or more distinct non-zero values (a mean that
  happens to be whole twice is not a count) or a header that names a count (``pairs``,
  ``questions``, ``n``…). Percent columns are exempt.

Width rules (browser, at 1280 px and at 800 px wide): a reader should not scroll sideways to read
a result. A table or a figure (``img``, ``figure``, ``svg``) wider than the box it sits in, or
reaching past the right edge of the article column, fails the page; a code cell or a code block
(``div.cell_input pre``, ``div.highlight pre``) and printed text (``div.cell_output pre``) whose
text is wider than its box (``scrollWidth > clientWidth``) is reported, without failing the page.
Screenshots are taken at both widths (``notebooks/04_sts.png`` and ``notebooks/04_sts-800px.png``).
"""

import argparse
import copy
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

from pyrabench.reports.tables import COUNT_WORDS, OPTIONS

# Folders of a Sphinx build that hold assets, not pages.
ASSET_DIR_PREFIX = "_"
SKIPPED_TAGS = ("script", "style", "template", "noscript")


def has_class(name):
    """XPath predicate: the element's class attribute contains the class ``name``."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# Source listings and literals: their text is code, not something the book states.
CODE_XPATH = f"//*[{has_class('cell_input')}] | //code | //pre[not(ancestor::*[{has_class('cell_output')}])]"
MATH_XPATH = f"//*[{has_class('math')}]"
OUTPUT_XPATH = " | ".join(f"//*[{has_class(name)}]" for name in ("cell_output", "output", "pasted-text"))
NAN_CELL_VALUES = {"NaN", "nan", "NaT", "<NA>", "None"}
NAN_TOKEN = re.compile(r"(?<!\w)(NaN|nan|NaT|<NA>)(?!\w)")
RAW_TEX = re.compile(
    r"\$\$"  # display math delimiters
    r"|\\[()\[\]]"  # \( \) \[ \]
    r"|\\[A-Za-z]+\{"  # a command with an argument: \frac{, \begin{, \mathrm{
    r"|\$[^$\n]*[\\^_][^$\n]*\$"  # $...$ holding a backslash, ^ or _
)
QUOTE_CHARS = 120
# Folders whose absolute path on the build machine must not appear in a page.
PATH_VARIABLES = ("PYRABENCH_DATA", "PYRABENCH_CACHE", "PYRABENCH_VECTORS")


@dataclass(frozen=True)
class Problem:
    page: str
    reason: str
    fails: bool = True  # False: reported for the author to look at, the page still passes

    def __str__(self):
        return f"{self.page}: {self.reason}" + ("" if self.fails else " (reported, not failing)")


def quote(text):
    """One line of at most QUOTE_CHARS characters, to show where a problem is."""
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…"


def pages(html_dir):
    """Every HTML page of the build, as paths relative to html_dir, in a stable order."""
    html_dir = Path(html_dir)
    found = []
    for path in html_dir.rglob("*.html"):
        rel = path.relative_to(html_dir)
        if not any(part.startswith(ASSET_DIR_PREFIX) for part in rel.parts[:-1]):
            found.append(rel)
    return sorted(found)


def parse(path):
    return lxml.html.fromstring(Path(path).read_bytes())


def anchors(tree):
    """The fragment targets a page offers: ids and the names of <a name=…>."""
    return set(tree.xpath("//@id")) | set(tree.xpath("//a/@name"))


def reader_tree(tree):
    """A copy of the page without scripts, styles and code listings (their text is not prose)."""
    tree = copy.deepcopy(tree)
    for node in tree.xpath(" | ".join(f"//{tag}" for tag in SKIPPED_TAGS) + " | " + CODE_XPATH):
        node.drop_tree()
    return tree


OBJECT_REPR = re.compile(r"<(?:IPython\.[\w.]+|Figure size [^>]*|[\w.]+ object at 0x[0-9a-f]+)>|<[\w.]+ object>")


def text_problems(tree, machine_paths=()):
    """Tracebacks, NaN values, raw TeX, stderr blocks and build-machine paths a reader sees."""
    found = []
    for node in tree.xpath(f"//*[{has_class('stderr')}]"):
        found.append(f"stderr output: {quote(node.text_content())!r}")
    for node in tree.xpath(f"//*[{has_class('traceback')}]"):
        found.append(f"traceback output: {quote(node.text_content())!r}")
    for node in tree.xpath("//script[@type='application/vnd.jupyter.widget-view+json']"):
        found.append(f"notebook widget (its script comes from a CDN; draw bars as text): {quote(node.text or '')!r}")

    reader = reader_tree(tree)
    body = reader.find(".//body")
    body = reader if body is None else body
    if "Traceback" in body.text_content() and not tree.xpath(f"//*[{has_class('traceback')}]"):
        found.append(f"visible 'Traceback': {quote(_around(body.text_content(), 'Traceback'))!r}")

    for row in body.xpath("//tr"):
        values = [c.text_content().strip() for c in row.xpath("./td | ./th")]
        missing = sorted({v for v in values if v in NAN_CELL_VALUES})
        if missing:
            count = sum(v in NAN_CELL_VALUES for v in values)
            found.append(f"{count} NaN table cell(s) {'/'.join(missing)} in row {quote(' | '.join(values))!r}")
    for node in _outermost(body.xpath(OUTPUT_XPATH)):
        for table_free in _text_outside_tables(node):
            for match in NAN_TOKEN.finditer(table_free):
                found.append(f"NaN in output: {quote(_around(table_free, match.group(), match.start()))!r}")

    for node in _outermost(body.xpath(OUTPUT_XPATH)):
        for match in OBJECT_REPR.finditer(node.text_content()):
            found.append(f"object repr instead of content: {match.group()!r}")

    text = body.text_content()
    for path in machine_paths:
        if path in text:
            found.append(f"absolute path of the build machine: {quote(_around(text, path))!r}")

    for node in body.xpath(MATH_XPATH):
        node.drop_tree()
    text = body.text_content()
    for match in RAW_TEX.finditer(text):
        found.append(f"raw TeX {match.group()[:20]!r}: {quote(_around(text, match.group(), match.start()))!r}")
    return found


IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
WHOLE_WITH_DECIMALS = re.compile(r"-?[0-9][0-9,]*\.0+")
NUMBER = re.compile(r"-?[0-9][0-9,]*(?:\.[0-9]+)?")


def table_problems(tree):
    """Identifier-style headers and counts shown with decimals, in every table a reader sees."""
    found = []
    body = reader_tree(tree)
    for th in body.xpath("//table//th"):
        text = th.text_content().strip()
        in_code = bool(th.xpath(".//code")) and "".join(t.strip() for t in th.xpath(".//code//text()")) == text
        if IDENTIFIER.fullmatch(text) and text not in OPTIONS:
            found.append(f"identifier-style header {text!r} (label it in pyrabench.reports.tables.FIELDS)")
        elif text in OPTIONS and IDENTIFIER.fullmatch(text) and not in_code:
            found.append(f"option name {text!r} as a header is not in code font")
    # headers as the code font shows them are dropped by reader_tree: look at the original tree too
    for code in tree.xpath("//table//th//code"):
        text = code.text_content().strip()
        if IDENTIFIER.fullmatch(text) and text not in OPTIONS:
            found.append(f"identifier-style header {text!r} in code font is not an option name")
    for table in body.xpath("//table"):
        for header, cells in _columns(table):
            numbers = [c for c in cells if NUMBER.fullmatch(c)]
            whole = [c for c in numbers if WHOLE_WITH_DECIMALS.fullmatch(c)]
            if not numbers or len(whole) != len(numbers) or "%" in header or "points" in header:
                continue
            distinct = {float(c.replace(",", "")) for c in whole} - {0.0}
            if distinct and (len(distinct) > 2 or COUNT_WORDS.search(header)):
                found.append(f"count shown with decimals in column {header!r}: {quote(', '.join(whole[:5]))}")
    return found


def _columns(table):
    """(header, [cell texts]) per column of a table: the header row with the most labels."""
    head = table.xpath("./thead/tr") or table.xpath("./tr[1] | ./tbody/tr[1]")[:1]
    if not head:
        return []
    header_row = max(head, key=lambda tr: sum(bool(c.text_content().strip()) for c in tr.xpath("./th | ./td")))
    headers = [c.text_content().strip() for c in header_row.xpath("./th | ./td")]
    rows = [tr for tr in table.xpath("./tbody/tr | ./tr") if tr not in head]
    columns = []
    for j, header in enumerate(headers):
        cells = []
        for tr in rows:
            row = [c.text_content().strip() for c in tr.xpath("./th | ./td")]
            if len(row) == len(headers):
                cells.append(row[j])
        if header:
            columns.append((header, cells))
    return columns


def link_problems(tree, page, html_dir, anchor_cache):
    """Local links whose file or anchor is missing from the build, and missing local images."""
    html_dir = Path(html_dir).resolve()
    page_path = (html_dir / page).resolve()
    found = []
    for href in tree.xpath("//a/@href"):
        target = _local_target(href, page_path, html_dir)
        if target is None:
            continue
        path, fragment = target
        if path is None:
            found.append(f"broken link {href!r}: outside the book")
        elif not path.exists():
            found.append(f"broken link {href!r}: no file {path.relative_to(html_dir).as_posix()}")
        elif fragment and path.suffix == ".html":
            if path not in anchor_cache:
                anchor_cache[path] = anchors(parse(path))
            if fragment not in anchor_cache[path]:
                found.append(f"broken link {href!r}: no anchor #{fragment}")
    for target_url in redirect_targets(tree):
        target = _local_target(target_url, page_path, html_dir)
        if target is not None and (target[0] is None or not target[0].is_file()):
            found.append(f"broken redirect to {target_url!r}")
    for src in tree.xpath("//img/@src"):
        target = _local_target(src, page_path, html_dir)
        if target is not None and (target[0] is None or not target[0].is_file()):
            found.append(f"missing image {src!r}")
    for citation in tree.xpath(f"//*[{has_class('bibtex-citation')}][not(.//a[@href])]"):
        found.append(f"unresolved citation {quote(citation.text_content())!r} (a key missing from book/references.bib)")
    return found


def redirect_targets(tree):
    """URLs a <meta http-equiv="refresh"> page sends the reader to (the book's index.html)."""
    targets = []
    for content in tree.xpath("//meta[translate(@http-equiv, 'REFSH', 'refsh')='refresh']/@content"):
        match = re.search(r"url\s*=\s*['\"]?([^'\";]+)", content, re.IGNORECASE)
        if match:
            targets.append(match.group(1).strip())
    return targets


def machine_paths(html_dir):
    """Absolute paths that would tell where the book was built: the project, data, cache, venv."""
    candidates = [Path(html_dir).resolve().parent.parent, Path(sys.prefix), Path.home()]
    candidates += [Path(os.environ[name]) for name in PATH_VARIABLES if os.environ.get(name)]
    return sorted({str(p.resolve()) for p in candidates if len(p.resolve().parts) > 2}, key=len, reverse=True)


def static_problems(html_dir):
    """Problems of every page that need no browser."""
    html_dir = Path(html_dir)
    paths = machine_paths(html_dir)
    anchor_cache = {}
    found = []
    for page in pages(html_dir):
        tree = parse(html_dir / page)
        anchor_cache.setdefault((html_dir / page).resolve(), anchors(tree))
        for reason in text_problems(tree, paths) + table_problems(tree) + link_problems(tree, page, html_dir, anchor_cache):
            found.append(Problem(page.as_posix(), reason))
    return found


def _local_target(href, page_path, html_dir):
    """(file, fragment) a relative href points to; (None, _) outside html_dir; None if not local."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("//"):
        return None
    if not parts.path:
        return (page_path, unquote(parts.fragment)) if parts.fragment else None
    path = (page_path.parent / unquote(parts.path)).resolve()
    if path != html_dir and html_dir not in path.parents:
        return None, parts.fragment
    if path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def _around(text, needle, start=None):
    start = text.find(needle) if start is None else start
    return text[max(0, start - 30) : start + len(needle) + 30]


def _outermost(nodes):
    ids = {id(node) for node in nodes}
    return [n for n in nodes if not any(id(a) in ids for a in n.iterancestors())]


def _text_outside_tables(node):
    """Text of node with tables left out (their cells are judged whole, by NAN_CELL_VALUES)."""
    if node.tag == "table":
        return []
    node = copy.deepcopy(node)
    for table in node.xpath(".//table"):
        table.drop_tree()
    return [node.text_content()]


# --- browser checks: thin, the rules above do the judging ------------------------------------

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 900}
#: Window widths at which no table or figure may be wider than its column: a laptop, and a
#: narrow window (or a tablet) where the theme hides the sidebars.
WIDTHS = (1280, 800)
#: How long a page may take to load and typeset (playwright's default is 30 s, which a machine
#: busy with the test suite can exceed on the longest chapter); past it the page is a problem.
PAGE_TIMEOUT_S = 120
# What is wider than its column, as [kind, quote]. A table or figure is measured against every
# box it sits in up to the article (a box narrower than it means a scroll bar or a cut), and
# against the article's right edge; a listing against its own box (it scrolls inside).
TOO_WIDE = """() => {
    const column = document.querySelector('article.bd-article') || document.querySelector('main') || document.body;
    const right = column.getBoundingClientRect().right + 1;
    const say = el => (el.innerText || el.getAttribute('alt') || el.getAttribute('src') || el.tagName)
        .trim().replace(/\\s+/g, ' ').slice(0, 80);
    const found = [];
    const inMath = el => el.closest('mjx-container, .math');
    for (const el of column.querySelectorAll('table, img, figure, svg')) {
        if (inMath(el) || el.closest('figure') && el.tagName !== 'FIGURE' || el.tagName === 'svg' && el.closest('table')) continue;
        if (el.tagName === 'TABLE' && el.parentElement.closest('table')) continue;
        const width = el.getBoundingClientRect().width;
        let over = el.getBoundingClientRect().right > right;
        for (let box = el.parentElement; !over && box && box !== column.parentElement; box = box.parentElement) {
            if (box.clientWidth > 0 && width > box.clientWidth + 1) over = true;
        }
        if (over) found.push([el.tagName === 'TABLE' ? 'table' : 'figure', say(el), true]);
    }
    for (const [kind, selector] of [['code cell', 'div.cell_input pre, div.highlight pre'], ['printed text', 'div.cell_output pre']]) {
        for (const el of column.querySelectorAll(selector)) {
            if (kind === 'code cell' && el.closest('div.cell_output')) continue;
            if (el.scrollWidth > el.clientWidth + 1) found.push([kind, say(el), false]);
        }
    }
    return found;
}"""
# Flags when MathJax has typeset the page (at once when the page has no MathJax), so that the
# wait for it is bounded by PAGE_TIMEOUT_S (an evaluated promise would be waited for forever).
WATCH_MATHJAX = """() => { window.__typesetDone = false;
    const done = () => { window.__typesetDone = true; };
    (window.MathJax && MathJax.startup && MathJax.startup.promise) ? MathJax.startup.promise.then(done, done) : done(); }"""
TYPESET = "() => window.__typesetDone === true"
BROKEN_IMAGES = """() => Array.from(document.images)
    .filter(img => img.complete && img.naturalWidth === 0).map(img => img.getAttribute('src'))"""
UNTYPESET_MATH = """() => Array.from(document.querySelectorAll('.math'))
    .filter(el => !el.querySelector('mjx-container') || el.querySelector('mjx-merror'))
    .map(el => el.textContent.trim().slice(0, 60))"""


def find_chromium():
    """Debian's chromium (or $CHROMIUM): never a browser that playwright downloads."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def screenshot_path(page, screenshot_dir, width=VIEWPORT["width"]):
    """``notebooks/04_sts.png`` at the default width, ``notebooks/04_sts-800px.png`` at another."""
    page = Path(page)
    suffix = "" if width == VIEWPORT["width"] else f"-{width}px"
    return Path(screenshot_dir) / page.with_name(page.stem + suffix + ".png")


def browser_problems(html_dir, screenshot_dir, chromium):
    """Open each page offline in headless Chromium; report what went wrong, save screenshots."""
    from playwright.sync_api import sync_playwright  # the `check` extra; not needed for static checks

    html_dir = Path(html_dir).resolve()
    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            for page_rel in pages(html_dir):
                if redirect_targets(parse(html_dir / page_rel)):
                    continue  # a redirect: its target is a page of its own, checked statically
                name = page_rel.as_posix()
                for width in WIDTHS:
                    shot = screenshot_path(page_rel, screenshot_dir, width)
                    found += [Problem(name, reason, fails) for reason, fails in
                              _open_page(browser, html_dir / page_rel, shot, width)]
        finally:
            browser.close()
    return found


def _open_page(browser, path, shot, width=VIEWPORT["width"]):
    """(reason, fails) for one page at one window width; a fresh context, as for a first-time
    reader. Console, network, image and math problems are the same at every width: they are
    reported at the default width only."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = browser.new_context(viewport={**VIEWPORT, "width": width})
    context.set_default_timeout(PAGE_TIMEOUT_S * 1000)
    blocked, errors, reasons, wide = [], [], [], []

    def only_files(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    def on_console(message):
        if message.type == "error":
            errors.append(message.text)

    context.route("**/*", only_files)
    tab = context.new_page()
    tab.on("console", on_console)
    tab.on("pageerror", lambda exc: errors.append(f"uncaught {exc}"))
    try:
        tab.goto(path.as_uri(), wait_until="load")
        tab.evaluate(WATCH_MATHJAX)
        tab.wait_for_function(TYPESET)
        tab.wait_for_load_state("networkidle")
        reasons += [f"image did not load: {src!r}" for src in tab.evaluate(BROKEN_IMAGES)]
        reasons += [f"math not typeset: {tex!r}" for tex in tab.evaluate(UNTYPESET_MATH)]
        wide = [(f"{kind} wider than its column at {width} px: {quote(text)!r}", fails)
                for kind, text, fails in tab.evaluate(TOO_WIDE)]
        shot.parent.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(shot), full_page=True)
    except PlaywrightTimeout as exc:
        reasons.append(f"did not load, typeset and settle within {PAGE_TIMEOUT_S} s at {width} px: "
                       f"{quote(str(exc).splitlines()[0])}")
        return [(reason, True) for reason in reasons]
    finally:
        context.close()
    reasons += [f"network request (blocked): {url}" for url in sorted(set(blocked))]
    reasons += [f"console error: {quote(text)}" for text in errors]
    if width != VIEWPORT["width"]:
        reasons = []
    return [(reason, True) for reason in reasons] + wide


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html_dir", nargs="?", default="_build/html", type=Path)
    parser.add_argument("--screenshots", type=Path, help="default: HTML_DIR/../screenshots")
    parser.add_argument("--static-only", action="store_true", help="skip the browser checks")
    args = parser.parse_args(argv)

    if not (args.html_dir / "index.html").is_file():
        print(f"check-book: no built book in {args.html_dir} (run `make book` first)", file=sys.stderr)
        return 2
    screenshot_dir = args.screenshots or args.html_dir.parent / "screenshots"
    problems = static_problems(args.html_dir)
    if not args.static_only:
        chromium = find_chromium()
        if chromium is None:
            print("check-book: chromium not found (run `make browser`, or set CHROMIUM)", file=sys.stderr)
            return 2
        problems += browser_problems(args.html_dir, screenshot_dir, chromium)

    checked = len(pages(args.html_dir))
    for problem in sorted(problems, key=lambda p: (p.page, not p.fails)):
        print(problem)
    failing = [p for p in problems if p.fails]
    where = "" if args.static_only else f"; screenshots in {screenshot_dir}"
    reported = len(problems) - len(failing)
    print(f"check-book: {checked} pages, {len(failing)} problems"
          + (f", {reported} more reported (not failing)" if reported else "") + where)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
